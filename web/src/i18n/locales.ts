import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { loaders, sections } from 'virtual:hearth-messages';
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

/** Each language's messages as loaded (sections loaded later are added to these objects). */
const loaded = new Map<string, Messages>([['en', english]]);
/** The sections loaded so far (`calendar`): their messages are in every language loaded since. */
const loadedSections = new Set<string>();

async function sectionMessages(section: string, locale: string): Promise<Partial<Messages>> {
  const load = sections[section]?.[locale];
  return load ? ((await load()).default as Partial<Messages>) : {};
}

export async function loadMessages(locale: string): Promise<Messages> {
  const kept = loaded.get(locale);
  if (kept) return kept;
  const load = loaders[locale];
  if (!load) return english;
  const withSections = [...loadedSections];
  const [own, ...parts] = await Promise.all([load(), ...withSections.map((section) => sectionMessages(section, locale))]);
  const messages = { ...english, ...(own.default as Partial<Messages>), ...Object.assign({}, ...parts) } as Messages;
  // a section that loaded meanwhile
  for (const section of loadedSections) if (!withSections.includes(section)) Object.assign(messages, await sectionMessages(section, locale));
  loaded.set(locale, loaded.get(locale) ?? messages);
  return loaded.get(locale)!;
}

/**
 * Loads a section's messages (web/build/messages-plugin.mts, `LAZY_SECTIONS`) into English and
 * every language loaded, so its pages (which wait for this) find them; once per section.
 */
export async function loadSection(section: string): Promise<void> {
  if (loadedSections.has(section)) return;
  const locales = [...loaded.keys()];
  const parts = await Promise.all(locales.map((locale) => sectionMessages(section, locale)));
  const englishPart = parts[locales.indexOf('en')];
  // English is every language's fallback: its words first, the language's own over them
  locales.forEach((locale, index) => Object.assign(loaded.get(locale)!, locale === 'en' ? englishPart : { ...englishPart, ...parts[index] }));
  loadedSections.add(section);
  // a language that finished loading meanwhile
  for (const [locale, messages] of loaded) if (!locales.includes(locale)) Object.assign(messages, await sectionMessages(section, locale));
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
