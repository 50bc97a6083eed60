/**
 * The shopping catalogue on the device: each language's items (domain/catalog/<lang>.json) and the
 * icons (domain/catalog/icons.json) are chunks of the app's own build, loaded with the shopping
 * list's code and never with the first page. The service worker precaches every chunk, so the
 * catalogue and its icons work offline, and no request leaves the instance (docs/notes.md).
 * Suggestions are searched here, on the device, in well under a millisecond.
 */
import { useEffect, useState } from 'react';
import { CatalogIndex, type CatalogEntry } from '@domain/shopping/catalog';
import { currentLocale, useLocale } from '@/i18n';

type Json<T> = Promise<{ default: T }>;

const FILES: Record<string, () => Json<unknown>> = {
  en: () => import('@domain/catalog/en.json'),
  de: () => import('@domain/catalog/de.json'),
};

export interface IconSet {
  width: number;
  height: number;
  icons: Record<string, string>;
}

const indexes = new Map<string, CatalogIndex>();
let iconSet: IconSet | null = null;

/** The catalogue of `locale` (English for a language without one), loaded once. */
export async function loadCatalog(locale: string): Promise<CatalogIndex> {
  const code = FILES[locale] ? locale : 'en';
  let index = indexes.get(code);
  if (!index) {
    const entries = (await FILES[code]()).default as CatalogEntry[];
    index = new CatalogIndex(entries);
    indexes.set(code, index);
  }
  return index;
}

export async function loadIcons(): Promise<IconSet> {
  iconSet ??= (await import('@domain/catalog/icons.json')).default as IconSet;
  return iconSet;
}

/** Everything the shopping list shows at once: awaited by its lazy import (with its messages). */
export function loadShopping(): Promise<unknown> {
  return Promise.all([loadCatalog(currentLocale()), loadIcons()]);
}

/** The catalogue of the language the app speaks (the one loaded before until a newly chosen one is in). */
export function useCatalog(): CatalogIndex {
  const locale = useLocale();
  const code = FILES[locale] ? locale : 'en';
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!indexes.has(code)) void loadCatalog(code).then(() => loaded((n) => n + 1));
  }, [code]);
  return indexes.get(code) ?? indexes.values().next().value ?? new CatalogIndex([]);
}

/** An icon's SVG body, or null for a name the set lacks. */
export function iconBody(name: string | null | undefined): string | null {
  return (name && iconSet?.icons[name]) || null;
}

export function iconBox(): string {
  return `0 0 ${iconSet?.width ?? 32} ${iconSet?.height ?? 32}`;
}
