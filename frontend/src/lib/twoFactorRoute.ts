/**
 * Where the two-factor step lives and what it is told. Its own module, free of imports,
 * because the route table (in every page's JavaScript) needs the path and nothing else.
 */
export const TWO_FACTOR_PATH = '/auth/two-factor';

export interface TwoFactorState {
  /** Where to go once the code is accepted (the screen that asked for it). */
  from?: string;
}
