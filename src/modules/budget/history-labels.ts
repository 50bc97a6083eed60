import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../history/lookup-cache';

/** A category's name, for the label of a transaction's history row (once per category and database transaction: an import writes many). */
export function categoryName(manager: EntityManager, categoryId: string): Promise<string | null> {
  return oncePerTransaction(manager, `category:${categoryId}`, async () => {
    const [row]: { name: string }[] = await manager.query('SELECT name FROM categories WHERE id = $1', [categoryId]);
    return row?.name ?? null;
  });
}
