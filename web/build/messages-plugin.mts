import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:hearth-messages';
const RESOLVED = `\0${VIRTUAL}`;

/** A message as the app needs it at run time: a plain text stays a string, anything else its ICU syntax tree. */
export function compileMessage(message: string): string | MessageFormatElement[] {
  const elements = parse(message);
  if (elements.length === 0) return '';
  if (elements.length === 1 && elements[0].type === TYPE.literal) return elements[0].value;
  return elements;
}

/**
 * Features whose messages load with the feature's own code, not with the app: a key `<part>.…` (say
 * `shopping.aisle.dairy`) is left out of the language's messages and put into the part's, which the
 * feature asks for (`needMessages('shopping')` of web/src/i18n) before it shows anything. English is
 * part of the first load, so a lazily loaded feature's words stay out of it, as its code does.
 */
export const LAZY_PARTS = ['shopping'] as const;

const partOf = (key: string): string | undefined => LAZY_PARTS.find((part) => key.startsWith(`${part}.`));

/**
 * The message files (`locales/<lang>.json`) compiled at build time: `virtual:hearth-messages` lists
 * a loader per language file (and per lazy part and language), `virtual:hearth-messages/<lang>` is
 * that language's messages with every ICU message already parsed (those of the lazy parts left
 * out), `virtual:hearth-messages/<lang>/<part>` a part's. The app then ships intl-messageformat
 * without its parser (`@formatjs/icu-messageformat-parser/no-parser`), and a broken message fails
 * the build.
 */
export function hearthMessages(localesDir: string): Plugin {
  const require = createRequire(import.meta.url);
  const noParser = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  const languages = () =>
    readdirSync(localesDir)
      .map((file) => /^([a-z]{2,3})\.json$/.exec(file)?.[1])
      .filter((code): code is string => Boolean(code))
      .sort();
  return {
    name: 'hearth-messages',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === VIRTUAL || id.startsWith(`${VIRTUAL}/`)) return `\0${id}`;
      // messages arrive parsed: intl-messageformat's parser stays out of the bundle
      if (id === '@formatjs/icu-messageformat-parser' && importer?.includes('intl-messageformat')) return noParser;
      return null;
    },
    load(id) {
      if (id === RESOLVED) {
        const loader = (module: string) => `() => import(${JSON.stringify(module)})`;
        const entries = languages().map((code) => `  ${JSON.stringify(code)}: ${loader(`${VIRTUAL}/${code}`)},`);
        const parts = LAZY_PARTS.map(
          (part) => `  ${JSON.stringify(part)}: {${languages().map((code) => ` ${JSON.stringify(code)}: ${loader(`${VIRTUAL}/${code}/${part}`)}`).join(',')} },`,
        );
        return `export const loaders = {\n${entries.join('\n')}\n};\nexport const parts = {\n${parts.join('\n')}\n};\n`;
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const [code, part] = id.slice(RESOLVED.length + 1).split('/');
        const file = join(localesDir, `${code}.json`);
        this.addWatchFile(file);
        const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        const compiled: Record<string, unknown> = {};
        for (const [key, message] of Object.entries(messages)) {
          if (partOf(key) !== part) continue;
          try {
            compiled[key] = compileMessage(message);
          } catch (error) {
            throw new Error(`locales/${code}.json: message '${key}' is not ICU MessageFormat: ${(error as Error).message}`);
          }
        }
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
      }
      return null;
    },
  };
}
