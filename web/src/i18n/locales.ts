import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { loaders, parts } from 'virtual:hearth-messages';
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

/**
 * The messages of lazily loaded features (`shopping.…`, web/build/messages-plugin.mts), by
 * `<locale>/<part>`, once loaded: a feature asks for its part before it shows anything, and from
 * then on every language loaded brings that part along.
 */
const partsLoaded = new Map<string, Partial<Messages>>();
const partsWanted = new Set<string>();

async function loadPart(part: string, locale: string): Promise<Partial<Messages>> {
  const key = `${locale}/${part}`;
  let messages = partsLoaded.get(key);
  if (!messages) {
    const load = parts[part]?.[locale];
    messages = load ? ((await load()).default as Partial<Messages>) : {};
    partsLoaded.set(key, messages);
  }
  return messages;
}

/** Loads a part's messages in `locale` and English (the fallback); later languages bring it along. */
export async function loadMessagePart(part: string, locale: string): Promise<void> {
  partsWanted.add(part);
  await Promise.all([loadPart(part, 'en'), loadPart(part, locale)]);
}

/** A message of a part loaded in `locale` (else in English), or undefined. */
export function partMessage(locale: string, id: MessageId): CompiledMessage | undefined {
  for (const part of partsWanted) {
    const message = partsLoaded.get(`${locale}/${part}`)?.[id] ?? partsLoaded.get(`en/${part}`)?.[id];
    if (message !== undefined) return message;
  }
  return undefined;
}

export async function loadMessages(locale: string): Promise<Messages> {
  // the parts the app has asked for so far come along with the language
  await Promise.all([...partsWanted].map((part) => loadMessagePart(part, locale)));
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
