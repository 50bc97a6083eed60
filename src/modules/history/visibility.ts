import type { ModuleName, Role } from '../../common/auth/auth-user';
import { AUDITED_ENTITIES } from './audited';

/**
 * Who may see a change: the one rule behind the action history list, the replay of a resumed live
 * stream (both in SQL: `visibleTo` in history.sql.ts) and each live event (in memory: `canSee`
 * below). A row is visible to a viewer when all of these hold (docs/live.md, Who receives what; docs/api.md, Action history):
 * - a private entity's row (a private note, its items): only its creator;
 * - a row of a module (Map, Budget, Notes): only while the viewer's group has that module;
 * - an administration row (users, groups): admins, of any group (they administer all of them), and,
 *   where the caller asks for it (live events), the user the row is about;
 * - every other row: members of the row's group.
 * The two forms say the same thing; test/history/visibility.e2e-spec.ts checks that they agree on
 * every kind of row.
 */
export interface Viewer {
  userId: string;
  groupId: string;
  role: Role;
  modules: readonly ModuleName[];
}

/** What the rule reads of a row. */
export interface VisibleRow {
  groupId: string | null;
  adminOnly: boolean;
  privateToUserId: string | null;
  entityType: string;
  entityId: string;
}

export interface VisibilityOptions {
  /** Administration rows about the viewer's own account reach the viewer too (live events). */
  ownAccount?: boolean;
}

const hiddenCache = new Map<string, string[]>();
/** by the claims' own array: a live stream asks for every change, with the same array */
const hiddenOfArray = new WeakMap<readonly ModuleName[], string[]>();

/** The entity types of the modules the viewer's group lacks (from each entity's @Audited `module`). */
export function hiddenEntityTypes(modules: readonly ModuleName[]): string[] {
  const known = hiddenOfArray.get(modules);
  if (known) return known;
  const key = [...modules].sort().join(',');
  let hidden = hiddenCache.get(key);
  if (!hidden) {
    hidden = [...AUDITED_ENTITIES.values()]
      .filter((audit) => audit.options.module && !modules.includes(audit.options.module))
      .map((audit) => audit.entityType)
      .sort();
    hiddenCache.set(key, hidden);
  }
  hiddenOfArray.set(modules, hidden);
  return hidden;
}

/** The rule for one row, in memory. */
export function canSee(viewer: Viewer, row: VisibleRow, options: VisibilityOptions = {}): boolean {
  if (row.privateToUserId !== null && row.privateToUserId !== viewer.userId) return false;
  if (hiddenEntityTypes(viewer.modules).includes(row.entityType)) return false;
  if (row.adminOnly) return viewer.role === 'Admin' || (!!options.ownAccount && row.entityType === 'User' && row.entityId === viewer.userId);
  return row.groupId === viewer.groupId;
}
