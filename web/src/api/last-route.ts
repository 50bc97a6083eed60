/**
 * The page a person last used on this device, kept per user in this browser's localStorage, so
 * that signing in again opens it (the first time on a device: the welcome page). Only this app's
 * own paths are kept and given back; the sign-in and other public pages, and the menu a phone
 * signs out from, are never recorded.
 */
const KEY_PREFIX = 'hearth.lastRoute.';

/** The page opened after signing in when this device has none of the person's recorded. */
export const FIRST_ROUTE = '/welcome';

/** Pages reached without a session: never "the page last used". */
const PUBLIC = /^\/(sign-in|register|forgot-password|confirm-email|reset-password)(\/|\?|$)/;
/** Passed through, not used: the bare root (it goes on to a page) and the phone's menu (where signing out is). */
const PASSING = /^\/(menu)?([?#]|$)/;

/** Only paths of this app, never another site. */
export function isOwnPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Records `path` (pathname and query) as the page `userId` last used on this device. */
export function rememberRoute(userId: string, path: string): void {
  if (!isOwnPath(path) || PASSING.test(path) || PUBLIC.test(path)) return;
  try {
    storage()?.setItem(KEY_PREFIX + userId, path);
  } catch {
    // storage full or refused (private mode): signing in then opens the welcome page
  }
}

/** The page to open after `userId` signs in on this device: the last one they used here, else the welcome page. */
export function routeAfterSignIn(userId: string | null | undefined): string {
  let stored: string | null | undefined = null;
  try {
    stored = userId ? storage()?.getItem(KEY_PREFIX + userId) : null;
  } catch {
    // storage refused: as on a new device
  }
  return isOwnPath(stored) && !PUBLIC.test(stored) ? stored : FIRST_ROUTE;
}
