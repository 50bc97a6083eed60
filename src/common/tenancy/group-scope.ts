import { EntityManager, FindOptionsRelations, FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { AppError } from '../errors/app-error';

/**
 * Whose data a query may see: the caller's group. Every tenant-scoped access takes this one typed
 * value (an `AuthUser` is one; the scheduler and housekeeping pass `{ groupId }` of the row they
 * work on), never a bare group id string.
 */
export type Tenant = Pick<AuthUser, 'groupId'>;

/** Tenant rows carry the id of the group they belong to. */
export interface GroupOwned extends ObjectLiteral {
  id: string;
  groupId: string;
}

export interface ScopeOptions<T> {
  /** extra conditions, e.g. `{ noteId }` for a child row */
  where?: FindOptionsWhere<T>;
  relations?: FindOptionsRelations<T>;
  /** include soft-deleted rows */
  withDeleted?: boolean;
  /** take a row lock (inside a transaction) */
  lock?: boolean;
}

/**
 * The one access path for tenant data: finds a row by id within the caller's group, or answers
 * 404 exactly as for a missing id (another group's id must be indistinguishable from none).
 */
export async function findInGroup<T extends GroupOwned>(
  repository: Repository<T>,
  tenant: Tenant,
  id: string,
  what: string,
  options: ScopeOptions<T> = {},
): Promise<T> {
  const row = await repository.findOne({
    where: { ...(options.where ?? {}), id, groupId: tenant.groupId } as FindOptionsWhere<T>,
    relations: options.relations,
    withDeleted: options.withDeleted,
    ...(options.lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!row) throw AppError.notFound(what);
  return row;
}

/** The same, through a transaction's entity manager. */
export function findInGroupTx<T extends GroupOwned>(
  manager: EntityManager,
  entity: new () => T,
  tenant: Tenant,
  id: string,
  what: string,
  options: ScopeOptions<T> = {},
): Promise<T> {
  return findInGroup(manager.getRepository(entity), tenant, id, what, options);
}

/**
 * Locks a row of the caller's group (inside the transaction of `manager`), or 404: the parent of
 * a change to its children (a marker's images, a note's items) is held this way.
 */
export function lockInGroup<T extends GroupOwned>(
  manager: EntityManager,
  entity: new () => T,
  tenant: Tenant,
  id: string,
  what: string,
  options: Omit<ScopeOptions<T>, 'lock'> = {},
): Promise<T> {
  return findInGroup(manager.getRepository(entity), tenant, id, what, { ...options, lock: true });
}

/**
 * Checks that every id exists in the caller's group (e.g. a categoryId inside a body); answers 404
 * for `what` when one is missing. `inGroup` is the owning repository's statement (for example
 * `CategoriesRepository#findIdsInGroup`): which of the distinct ids are the group's.
 */
export async function assertAllInGroup(ids: string[], what: string, inGroup: (distinct: string[]) => Promise<unknown[]>): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await inGroup(unique);
  if (found.length !== unique.length) throw AppError.notFound(what);
}
