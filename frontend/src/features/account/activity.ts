/**
 * The account's recent security activity (our /api/account, docs/api.md#api-account-activity):
 * the last 20 entries, and the sentence each one reads as on Profile → Security.
 */
import { isSignInProvider, PROVIDER_NAMES } from '../../lib/providers';
import { authorized } from './devices';

export interface ActivityEntry {
  action: string;
  details: Record<string, unknown>;
  /** "Firefox on Windows"; null when the server could not tell. */
  device: string | null;
  /** Only the network: "203.0.x.x", or "2001:db8:1::/48". */
  ip: string | null;
  created_at: string;
}

export async function listActivity(): Promise<ActivityEntry[]> {
  const response = await authorized('/api/account/activity');
  if (!response.ok) throw new Error(`activity: ${response.status}`);
  const body = (await response.json()) as { entries: ActivityEntry[] };
  return body.entries;
}

function providerName(provider: unknown): string {
  if (isSignInProvider(provider)) return PROVIDER_NAMES[provider];
  if (typeof provider === 'string' && provider) {
    return provider.charAt(0).toUpperCase() + provider.slice(1);
  }
  return 'A sign-in provider';
}

const SIGN_IN_METHODS: Record<string, string> = {
  password: 'Signed in with password',
  otp: 'Signed in with an email link or code',
  recovery: 'Signed in with a password reset link',
};

const SIMPLE: Record<string, string> = {
  password_changed: 'Password changed',
  password_recovery_requested: 'Password reset requested',
  email_change_requested: 'Email change requested',
  email_changed: 'Email address changed',
  account_deletion_requested: 'Account deletion requested',
};

/** What an entry says: 'Signed in with Google', 'Two-factor authentication turned on', … */
export function activityText(entry: Pick<ActivityEntry, 'action' | 'details'>): string {
  const { action, details } = entry;
  switch (action) {
    case 'signed_in':
      if (details.method === 'oauth') return `Signed in with ${providerName(details.provider)}`;
      return SIGN_IN_METHODS[String(details.method)] ?? 'Signed in';
    case 'second_factor_passed':
      return details.method === 'recovery_code'
        ? 'Two-factor check passed with a recovery code'
        : 'Two-factor check passed with the authenticator app';
    case 'signed_out':
      if (details.scope === 'global') return 'Signed out everywhere';
      if (details.scope === 'others') return 'Signed out of all other devices';
      if (details.scope === 'device') {
        return typeof details.device === 'string' && details.device
          ? `Signed out ${details.device}`
          : 'Signed out another device';
      }
      return 'Signed out';
    case 'identity_linked':
      return details.provider === 'email'
        ? 'Password sign-in added'
        : `${providerName(details.provider)} account connected`;
    case 'identity_unlinked':
      return details.provider === 'email'
        ? 'Password sign-in removed'
        : `${providerName(details.provider)} account disconnected`;
    case 'factor_enabled':
      return details.turned_on === true
        ? 'Two-factor authentication turned on'
        : 'Authenticator app added';
    case 'factor_removed':
      if (details.turned_off === true) return 'Two-factor authentication turned off';
      return details.factor_type === 'recovery_code'
        ? 'Recovery codes removed'
        : 'Authenticator app removed';
    case 'recovery_codes_generated':
      return details.regenerated === true
        ? 'New recovery codes generated'
        : 'Recovery codes generated';
    default: {
      const simple = SIMPLE[action];
      if (simple) return simple;
      // An action newer than this page: its name, readable.
      const words = action.replace(/_/g, ' ').trim();
      return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Account change';
    }
  }
}

/** "Firefox on Windows · 203.0.x.x"; what the server could not tell is left out. */
export function activityWhere(entry: Pick<ActivityEntry, 'device' | 'ip'>): string {
  return [entry.device ?? 'Unknown device', entry.ip].filter(Boolean).join(' · ');
}
