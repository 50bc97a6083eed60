import { MAX_QUANTITY_LENGTH } from './aisles';
import { catalogKey } from './catalog';

/*
 * One item never twice on a shopping list: a text added that is already there (accents and case
 * ignored, singular or plural through the catalogue) is merged into the existing item.
 */

/**
 * What makes two items the same thing: the catalogue item when the text is one of its names
 * (so "Tomate", "Tomaten" and "Paradeiser" are one), else the text folded.
 */
export function itemKey(text: string, catalogItemId?: string | null): string {
  return catalogItemId ? `c:${catalogItemId}` : `t:${catalogKey(text)}`;
}

export interface MergeCandidate {
  text: string;
  isCompleted: boolean;
  catalogItemId?: string | null;
}

/**
 * The item of `items` a new one with `key` merges into: an unticked one first (it gets the new
 * quantity joined), else a ticked one (it is unticked instead of a second being added); null when
 * the thing is not on the list. `keyOf` is an item's key (by default from its text and catalogue
 * item; the service also finds the catalogue item of an older item's text).
 */
export function mergeTarget<T extends MergeCandidate>(
  items: readonly T[],
  key: string,
  keyOf: (item: T) => string = (item) => itemKey(item.text, item.catalogItemId),
): { item: T; wasTicked: boolean } | null {
  let ticked: T | null = null;
  for (const item of items) {
    if (keyOf(item) !== key) continue;
    if (!item.isCompleted) return { item, wasTicked: false };
    ticked ??= item;
  }
  return ticked ? { item: ticked, wasTicked: true } : null;
}

/**
 * The quantity of a merged item: both written, joined with " + " ("1 l" and "2 l" → "1 l + 2 l"),
 * never summed, so what each person asked for stays readable and nothing is rounded or converted;
 * a missing one adds nothing ("Milch" and "2 l Milch" → "2 l"). Joined quantities longer than an
 * item holds keep the first and end in "+ …".
 */
export function joinQuantities(existing: string | null | undefined, added: string | null | undefined): string | null {
  const a = existing?.trim() || null;
  const b = added?.trim() || null;
  if (!a) return b;
  if (!b) return a;
  const joined = `${a} + ${b}`;
  if (joined.length <= MAX_QUANTITY_LENGTH) return joined;
  return a.endsWith(' + …') ? a : `${a.slice(0, MAX_QUANTITY_LENGTH - 4).trimEnd()} + …`;
}

/** What a merge does to the existing item: its new quantity, and whether it is unticked. */
export function mergeInto(
  existing: { quantity: string | null; isCompleted: boolean },
  added: { quantity: string | null },
): { quantity: string | null; isCompleted: false } {
  // a ticked item was bought: what is asked for now is the new quantity alone
  return { quantity: existing.isCompleted ? added.quantity : joinQuantities(existing.quantity, added.quantity), isCompleted: false };
}
