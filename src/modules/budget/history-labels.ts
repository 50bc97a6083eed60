import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../history/lookup-cache';
import { CATEGORY_NAME } from './categories.sql';

/**
 * A category's name, for the label of a transaction's history row (once per category and database
 * transaction: an import writes many): the statement's text on the history subscriber's manager, so
 * in the writing transaction.
 */
export function categoryName(manager: EntityManager, categoryId: string): Promise<string | null> {
  return oncePerTransaction(manager, `category:${categoryId}`, async () => {
    const [row]: { name: string }[] = await manager.query(CATEGORY_NAME.text, [categoryId]);
    return row?.name ?? null;
  });
}
