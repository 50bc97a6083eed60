import { MAX_QUANTITY_LENGTH } from './aisles';

/*
 * The quantity typed with an item's name on a shopping list: "2 l Milch", "500g Hackfleisch",
 * "3 Zitronen", "Milch 2 l", "1,5 kg Kartoffeln", "2 Pck. Butter", "2x Joghurt", "6er Eier". The
 * same reader runs on the service (POST of an item) and in the app (the add field, pasted lines).
 */

/** Units people write after a number, German and English, short and long (matched ignoring case, an optional final dot). */
export const QUANTITY_UNITS = [
  // weight and volume
  'mg',
  'g',
  'gr',
  'gramm',
  'kg',
  'kilo',
  'pfund',
  'lb',
  'lbs',
  'oz',
  'ml',
  'cl',
  'dl',
  'l',
  'ltr',
  'liter',
  'litre',
  'litres',
  'liters',
  'fl oz',
  // German pieces and packs
  'stk',
  'st',
  'stück',
  'pck',
  'pkg',
  'pk',
  'packung',
  'packungen',
  'päckchen',
  'pack',
  'packs',
  'dose',
  'dosen',
  'flasche',
  'flaschen',
  'fl',
  'bund',
  'becher',
  'glas',
  'gläser',
  'tüte',
  'tüten',
  'beutel',
  'kiste',
  'kisten',
  'kasten',
  'netz',
  'schale',
  'schalen',
  'rolle',
  'rollen',
  'tube',
  'tuben',
  'el',
  'tl',
  'prise',
  'scheibe',
  'scheiben',
  'tafel',
  'tafeln',
  'kopf',
  'köpfe',
  'stange',
  'stangen',
  'karton',
  'kartons',
  'sack',
  'säcke',
  'riegel',
  'laib',
  'zehe',
  'zehen',
  'knolle',
  'knollen',
  'paar',
  'portion',
  'portionen',
  // English pieces and packs
  'pc',
  'pcs',
  'piece',
  'pieces',
  'can',
  'cans',
  'tin',
  'tins',
  'bottle',
  'bottles',
  'jar',
  'jars',
  'bunch',
  'bunches',
  'box',
  'boxes',
  'bag',
  'bags',
  'packet',
  'packets',
  'carton',
  'cartons',
  'dozen',
  'tbsp',
  'tsp',
  'cup',
  'cups',
  'loaf',
  'loaves',
  'slice',
  'slices',
  'roll',
  'rolls',
  'head',
  'heads',
  'tub',
  'tubs',
  'pint',
  'pints',
  'bar',
  'bars',
  'tube',
  'tubes',
  'crate',
  'crates',
  'case',
  'cases',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UNIT = `(?:${[...QUANTITY_UNITS]
  .sort((a, b) => b.length - a.length)
  .map((unit) => escape(unit).replace(' ', '\\s+'))
  .join('|')})\\.?`;
/** 2, 1,5, 0.75, 2-3, 1/2, ½, 6er */
const NUMBER = '(?:\\d+(?:[.,]\\d+)?(?:\\s*[-–]\\s*\\d+(?:[.,]\\d+)?)?|\\d+\\/\\d+|[½¼¾⅓⅔])';

/** At the start: a number, then a unit (with or without a space) or "x"/"×" or "er", then the name. */
const LEADING = new RegExp(`^(${NUMBER})(?:\\s*(${UNIT})(?=\\s)|\\s*[x×](?=\\s)|(er)(?=\\s))?\\s+(.+)$`, 'iu');
/** At the end: the name, then a number and an optional unit ("Milch 2 l", "Eier 10", "Joghurt 2x"), or "x2". */
const TRAILING = new RegExp(`^(.+?)\\s+(?:(${NUMBER})(?:\\s*(${UNIT})|\\s*[x×]|(er))?|[x×]\\s*(\\d+))$`, 'iu');

export interface ReadQuantity {
  /** the name without the quantity (the whole text, trimmed, when there is none) */
  text: string;
  /** "2 l", "500 g", "3", "2 Pck."; null when none was typed */
  quantity: string | null;
}

/** "2 l" from the number and unit as typed (one space between, inner spaces of a range removed). */
function written(number: string, unit?: string, er?: string): string {
  const n = number.replace(/\s+/g, '');
  if (er) return `${n}${er}`;
  return unit ? `${n} ${unit.replace(/\s+/g, ' ')}` : n;
}

/** Whether what is left as the name is one: it has a letter and is not itself a unit ("2 l" alone is no item). */
function isName(text: string): boolean {
  return /\p{L}/u.test(text) && !new RegExp(`^${UNIT}$`, 'iu').test(text);
}

/**
 * Reads a quantity typed before or after the name. Text without one (or whose rest would be no
 * name, or a quantity longer than an item holds) comes back whole, trimmed, with `quantity: null`.
 */
export function readQuantity(typed: string): ReadQuantity {
  const text = typed.trim().replace(/\s+/g, ' ');
  const leading = LEADING.exec(text);
  if (leading) {
    const [, number, unit, er, name] = leading;
    const quantity = written(number, unit, er);
    if (isName(name) && quantity.length <= MAX_QUANTITY_LENGTH) return { text: name.trim(), quantity };
  }
  const trailing = TRAILING.exec(text);
  if (trailing) {
    const [, name, number, unit, er, times] = trailing;
    const quantity = times ?? written(number, unit, er);
    if (isName(name) && !/\d$/.test(name) && quantity.length <= MAX_QUANTITY_LENGTH) return { text: name.trim(), quantity };
  }
  return { text, quantity: null };
}

/**
 * Text pasted into the add field as one item a line: blank lines dropped, list marks ("- ", "* ",
 * "• ", "1. ", "[ ] ", "[x] ") taken off, each line read by `readQuantity`.
 */
export function readLines(pasted: string): ReadQuantity[] {
  return pasted
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•·]\s+|\d+[.)]\s+|\[[ xX]?\]\s*)+/u, '').trim())
    .filter((line) => line.length > 0)
    .map(readQuantity);
}
