import type { EntityManager } from 'typeorm';

/**
 * Serialises changes of one kind within one group until the transaction ends (e.g. who becomes the
 * default account, the next category position). Rows may not exist yet, so a row lock cannot do it.
 */
export async function lockGroupScope(manager: EntityManager, scope: 'categories' | 'budget-accounts', groupId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${scope}:${groupId}`]);
}

/** Postgres foreign-key violation: a row is still referenced (a concurrent insert won a race). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } })?.driverError?.code === '23503';
}
