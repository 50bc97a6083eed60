import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IntlMessageFormat, PrimitiveType } from 'intl-messageformat';
import type englishSource from '../../locales/en.json';
import { onFirstUse } from '../common/first-use';

/** The formatter (intl-messageformat and its parser), loaded with the first message formatted. */
const messageFormat = onFirstUse(() => (require('intl-messageformat') as typeof import('intl-messageformat')).IntlMessageFormat);
/** A message id: a key of the English file, so a missing message is a type error (as in the web app). */
export type MessageId = keyof typeof englishSource;

/**
 * The service's own texts (mails, notifications) in the recipient's language, from the same ICU
 * message files as the web app (`locales/<lang>.json`). English is the fallback for a missing key
 * or language; adding a language is adding one file. The files are read, and the formatter loaded,
 * when the first text is formatted (a mail, a notification), not when the service starts: the
 * languages there are come from the files' names.
 */
function localesDir(from = __dirname): string {
  let dir = from;
  // the project's own folder (beside package.json): the build copies en.json alone into dist/
  // (MessageId's type import), which must not be taken for the message files
  while (!existsSync(join(dir, 'locales', 'en.json')) || !existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`locales/en.json not found above ${from}`);
    dir = parent;
  }
  return join(dir, 'locales');
}

type Catalogue = Map<string, Map<string, IntlMessageFormat | string>>;

/** The message files by language: `de` → locales/de.json. */
const files = onFirstUse(() => {
  const dir = localesDir();
  const found = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const match = /^([a-z]{2,3})\.json$/.exec(file);
    if (match) found.set(match[1], join(dir, file));
  }
  return found;
});

const load = onFirstUse((): Catalogue => {
  const loaded: Catalogue = new Map();
  for (const [language, file] of files()) {
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    loaded.set(language, new Map(Object.entries(messages)));
  }
  return loaded;
});

/** The languages there is a message file for. */
export function supportedLocales(): string[] {
  return [...files().keys()].sort();
}

/** `translate('de', 'mail.reset.subject', {name})`: the message formatted for that language. */
export function translate(locale: string | null | undefined, id: MessageId, values?: Record<string, PrimitiveType>): string {
  const all = load();
  const language = locale && all.has(locale) ? locale : 'en';
  const messages = all.get(language)!;
  let entry = messages.get(id);
  let formatLocale = language;
  if (entry === undefined) {
    entry = all.get('en')!.get(id);
    formatLocale = 'en';
  }
  if (entry === undefined) throw new Error(`no message '${id}' in locales/en.json`);
  if (typeof entry === 'string') {
    entry = new (messageFormat())(entry, formatLocale);
    (formatLocale === language ? messages : all.get('en')!).set(id, entry);
  }
  return String(entry.format(values));
}
