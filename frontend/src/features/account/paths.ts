/**
 * The deletion pages' paths, in a module of their own: the route table (in every page's
 * JavaScript) imports them without the rules and texts of deletion.ts.
 */
export const DELETION_REQUEST_PATH = '/account/delete';
export const DELETION_CONFIRM_PATH = '/account/delete/confirm';
export const ACCOUNT_DELETED_PATH = '/account/deleted';
