import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../history/lookup-cache';
import { CATEGORY_NAME } from './categories.sql';
import { USERS_NICKNAMES } from '../users/users.sql';

/**
 * A category's name, for the label of a transaction's history row (once per category and database
 * transaction: an import writes many): the statement's text on the history subscriber's manager, so
 * in the writing transaction; or `known`, the category as the writer read it with its checks
 * (POST /transactions), when it is this one.
 */
export function categoryName(manager: EntityManager, categoryId: string, known?: { id: string; name: string } | null): Promise<string | null> {
  if (known?.id === categoryId) return Promise.resolve(known.name);
  return oncePerTransaction(manager, `category:${categoryId}`, async () => {
    const [row]: { name: string }[] = await manager.query(CATEGORY_NAME.text, [categoryId]);
    return row?.name ?? null;
  });
}

/**
 * A settlement's label, "Ben → Anna", with the nicknames as they are when the change is made (the
 * history then reads "Ben paid Anna €14.00" with the row's amount): the users' statement text on
 * the history subscriber's manager.
 */
export async function settlementLabel(manager: EntityManager, fromUserId: string, toUserId: string): Promise<string> {
  const rows: { id: string; nickname: string }[] = await manager.query(USERS_NICKNAMES.text, [[fromUserId, toUserId], null]);
  const name = (id: string) => rows.find((row) => row.id === id)?.nickname ?? '?';
  return `${name(fromUserId)} → ${name(toUserId)}`;
}
