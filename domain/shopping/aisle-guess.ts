import { type Aisle, isAisle, UNKNOWN_AISLE } from './aisles';
import type { CatalogEntry } from './catalog';

/**
 * The aisle of a new item on a shopping list, at once: the one asked for; else the one the group
 * taught for this thing (a member moved it there) or had it in last time; else the catalogue's
 * (the exact item, or the one its name most likely is, `CatalogIndex#guess`); else "other".
 */
export function guessAisle(input: { asked?: string | null; learned?: string | null; catalog?: Pick<CatalogEntry, 'aisle'> | null }): Aisle {
  if (isAisle(input.asked)) return input.asked;
  if (isAisle(input.learned)) return input.learned;
  if (input.catalog && isAisle(input.catalog.aisle)) return input.catalog.aisle;
  return UNKNOWN_AISLE;
}
