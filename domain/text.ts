/*
 * Text as search compares it, the same on the service and in the app (offline search): folded to
 * lower case without accents, and the one-letter typo rule. The database's `search_fold` (unaccent)
 * gives the same folding for the letters people type.
 */

/** Lower case without accents ("Crème" → "creme", "Straße" → "strasse"). */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/œ/g, 'oe').normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Whether `a` becomes `b` by one letter added, removed or changed. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
