import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { loaders } from 'virtual:hearth-messages';
import en from 'virtual:hearth-messages/en';
import type englishSource from '../../../locales/en.json';

/** A message id: a key of the English file, so a missing message is a type error, not a blank. */
export type MessageId = keyof typeof englishSource;
/** A message as built (web/build/messages-plugin.mts): plain text as it is, anything else parsed ICU. */
export type CompiledMessage = string | MessageFormatElement[];
export type Messages = Record<MessageId, CompiledMessage>;

/** English is bundled with the app (the fallback and the first paint); every other language loads on demand. */
export const english = en as Messages;

/** Every language there is a file for (`en`, `de`, …): adding a language is adding one file. */
export const LOCALES: string[] = Object.keys(loaders).sort();

export async function loadMessages(locale: string): Promise<Messages> {
  if (locale === 'en') return english;
  const load = loaders[locale];
  if (!load) return english;
  return { ...english, ...((await load()).default as Partial<Messages>) };
}

/** The first of the browser's languages that Hearth speaks (`de-AT` → `de`), else English. */
export function browserLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (LOCALES.includes(base)) return base;
  }
  return 'en';
}

/** A language named in itself ("Deutsch", "English"), so a person finds theirs whatever the app speaks now. */
export function autonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
