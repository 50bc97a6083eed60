import { statement } from '../../database/sql';

/*
 * Named statements of `categories` (CategoriesRepository). Writes of categories go through save()
 * and remove(), so the history subscriber records them; these are the reads and the group lock.
 */

/**
 * Serialises the group's category changes that need no row (the next position, a reorder) until
 * the transaction ends: rows may not exist yet, so a row lock cannot do it. ($1 group id)
 */
export const CATEGORIES_LOCK = statement('budget_categories_lock', `SELECT pg_advisory_xact_lock(hashtextextended('categories:' || $1, 0))`);

/** The group's largest position, 0 without categories. ($1 group id) */
export const CATEGORY_LAST_ORDER = statement('budget_category_last_order', 'SELECT COALESCE(MAX(sort_order), 0) AS last FROM categories WHERE group_id = $1');

/** The group's categories (`id`, `name`), as a row source for another statement. */
export function categoriesOfGroup(group: string): string {
  return `(SELECT id, name FROM categories WHERE group_id = ${group})`;
}

/** Whether a transaction or a recurring transaction uses the category. ($1 category id) */
export const CATEGORY_USED = statement(
  'budget_category_used',
  `SELECT EXISTS (SELECT 1 FROM transactions WHERE category_id = $1)
       OR EXISTS (SELECT 1 FROM recurring_transactions WHERE category_id = $1) AS used`,
);

/** The group's categories among some ids (fewer rows: not all are the group's). ($1 group id, $2 ids) */
export const CATEGORY_IDS_IN_GROUP = statement('budget_category_ids_in_group', 'SELECT id FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[])');

/** The group's categories among some ids, in display order (the reports' names and colours). ($1 group id, $2 ids) */
export const CATEGORY_NAMES_BY_IDS = statement(
  'budget_category_names_by_ids',
  'SELECT id, name, color, icon FROM categories WHERE group_id = $1 AND id = ANY($2::uuid[]) ORDER BY sort_order, id',
);

/** A category's name ($1 its id), for the label of a transaction's history row: read on the history subscriber's connection. */
export const CATEGORY_NAME = statement('budget_category_name', 'SELECT name FROM categories WHERE id = $1');
