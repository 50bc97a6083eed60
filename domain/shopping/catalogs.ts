import de from '../catalog/de.json';
import en from '../catalog/en.json';
import { CatalogEntry, CatalogIndex } from './catalog';
import { CATALOG_LOCALES, type CatalogLocale, isCatalogLocale } from './catalog-locales';

/*
 * The catalogue in every language it is written in (domain/catalog/<lang>.json), each searchable.
 * The service imports this; the web app imports it lazily with the shopping list (its data must
 * never be part of the first load).
 */

export { CATALOG_LOCALES, type CatalogLocale, isCatalogLocale };

const DATA: Record<CatalogLocale, CatalogEntry[]> = { en: en as CatalogEntry[], de: de as CatalogEntry[] };
const built = new Map<CatalogLocale, CatalogIndex>();

/** The catalogue of a language (English for one without a catalogue), indexed at the first call. */
export function catalogFor(locale: string | null | undefined): CatalogIndex {
  const language: CatalogLocale = isCatalogLocale(locale) ? locale : 'en';
  let index = built.get(language);
  if (!index) built.set(language, (index = new CatalogIndex(DATA[language])));
  return index;
}

/** The catalogue item one of whose names in any language is exactly `text`; `prefer`'s language first. */
export function exactInAny(text: string, prefer?: string | null): CatalogEntry | undefined {
  const first = isCatalogLocale(prefer) ? prefer : 'de';
  for (const locale of [first, ...CATALOG_LOCALES.filter((l) => l !== first)]) {
    const found = catalogFor(locale).exact(text);
    if (found) return found;
  }
  return undefined;
}

/**
 * The catalogue item `text` most likely is (CatalogIndex#guess) in any language, `prefer`'s first:
 * whole names and words in every language before a compound's ending in any.
 */
export function guessInAny(text: string, prefer?: string | null): CatalogEntry | undefined {
  const first = isCatalogLocale(prefer) ? prefer : 'de';
  const order = [first, ...CATALOG_LOCALES.filter((l) => l !== first)];
  for (const locale of order) {
    const found = catalogFor(locale).guessByWords(text);
    if (found) return found;
  }
  for (const locale of order) {
    const found = catalogFor(locale).guessByEnding(text);
    if (found) return found;
  }
  return undefined;
}
