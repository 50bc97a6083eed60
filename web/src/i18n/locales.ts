import en from '../../../locales/en.json';

/** A message id: a key of the English file, so a missing message is a type error, not a blank. */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

/** English is bundled with the app (the fallback and the first paint); every other language loads on demand. */
export const english: Messages = en;

const loaders = import.meta.glob<{ default: Messages }>('../../../locales/*.json');

/** Every language there is a file for (`en`, `de`, …): adding a language is adding one file. */
export const LOCALES: string[] = Object.keys(loaders)
  .map((path) => /([a-z]{2,3}(?:-[A-Z]{2})?)\.json$/.exec(path)?.[1])
  .filter((code): code is string => Boolean(code))
  .sort();

export async function loadMessages(locale: string): Promise<Messages> {
  if (locale === 'en') return english;
  const load = loaders[`../../../locales/${locale}.json`];
  if (!load) return english;
  return { ...english, ...(await load()).default };
}

/** The first of the browser's languages that Hearth speaks (`de-AT` → `de`), else English. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (LOCALES.includes(base)) return base;
  }
  return 'en';
}
