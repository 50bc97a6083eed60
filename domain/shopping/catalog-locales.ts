/*
 * The languages the catalogue is written in, without the catalogue: what a request's checks need
 * (the service loads the catalogue's words, domain/shopping/catalogs.ts, with the first use).
 */

export const CATALOG_LOCALES = ['en', 'de'] as const;
export type CatalogLocale = (typeof CATALOG_LOCALES)[number];

export function isCatalogLocale(value: unknown): value is CatalogLocale {
  return value === 'en' || value === 'de';
}
