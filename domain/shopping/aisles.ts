/*
 * The aisles of a shopping list: the same ids in every language (their names are messages of
 * locales/<lang>.json, `shopping.aisle.<id>`), in the order a shop without a learned order shows
 * them (docs/notes.md, Shopping lists).
 */

export const AISLES = [
  'produce',
  'bakery',
  'dairy',
  'meat-fish',
  'frozen',
  'pantry',
  'breakfast',
  'sweets-snacks',
  'drinks',
  'household',
  'personal-care',
  'baby',
  'pets',
  'other',
] as const;

export type Aisle = (typeof AISLES)[number];

/** The aisle of an item the catalogue and the group's learned items know nothing of. */
export const UNKNOWN_AISLE: Aisle = 'other';

const KNOWN = new Set<string>(AISLES);

export function isAisle(value: unknown): value is Aisle {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The note kinds: a plain list (as notes always were) or a shopping list. */
export const NOTE_KINDS = ['list', 'shopping'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** The longest quantity an item holds ("2 l", "500 g", "3", "Bio"). */
export const MAX_QUANTITY_LENGTH = 50;
