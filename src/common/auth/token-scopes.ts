/**
 * What an access token may do (docs/accounts.md, "Access tokens"): the one place the scopes are
 * decided. `read`: reading the group's data (GET); `write`: what the person may change, besides
 * reading; `dav`: the calendar over CalDAV only (HTTP Basic, never a Bearer token of the API). No
 * scope opens administration, the account, its sessions or its tokens.
 */
export const ACCESS_TOKEN_SCOPES = ['read', 'write', 'dav'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** Every token starts so: a leak is recognisable (secret scanners), and the guard tells it from a JWT by it. */
export const ACCESS_TOKEN_PREFIX = 'hearth_pat_';

/** What a route is to an access token. */
export type RouteAccess =
  /** the group's data: open to `read` (GET, HEAD) and `write` */
  | 'group'
  /** the account, its sessions and tokens, live streams bound to a session: a signed-in session only */
  | 'session'
  /** administration (`@Roles('Admin')`): never a token */
  | 'admin';

const READING = new Set(['GET', 'HEAD']);

/** Whether a token with `scopes` may call a route of kind `access` with `method`. */
export function tokenMayUse(scopes: readonly AccessTokenScope[], method: string, access: RouteAccess): boolean {
  if (access !== 'group') return false;
  if (scopes.includes('write')) return true;
  return READING.has(method) && scopes.includes('read');
}
