import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:hearth-messages';
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Message sections that load with their pages, not with the app: every key under `<section>.` is
 * left out of a language's messages and put into `virtual:hearth-messages/<lang>/<section>`, which
 * the section's route loads (`loadSection` of web/src/i18n/locales.ts) before it shows. A message
 * under such a prefix must be used only by that section's pages.
 */
export const LAZY_SECTIONS = ['calendar', 'history', 'shopping'] as const;

/** A message as the app needs it at run time: a plain text stays a string, anything else its ICU syntax tree. */
export function compileMessage(message: string): string | MessageFormatElement[] {
  const elements = parse(message);
  if (elements.length === 0) return '';
  if (elements.length === 1 && elements[0].type === TYPE.literal) return elements[0].value;
  return elements;
}

/**
 * The message files (`locales/<lang>.json`) compiled at build time: `virtual:hearth-messages` lists
 * a loader per language file, `virtual:hearth-messages/<lang>` is that language's messages with
 * every ICU message already parsed. The app then ships intl-messageformat without its parser
 * (`@formatjs/icu-messageformat-parser/no-parser`), and a broken message fails the build.
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
        const entries = languages().map((code) => `  ${JSON.stringify(code)}: () => import(${JSON.stringify(`${VIRTUAL}/${code}`)}),`);
        const sections = LAZY_SECTIONS.map(
          (section) =>
            `  ${JSON.stringify(section)}: {\n${languages()
              .map((code) => `    ${JSON.stringify(code)}: () => import(${JSON.stringify(`${VIRTUAL}/${code}/${section}`)}),`)
              .join('\n')}\n  },`,
        );
        return `export const loaders = {\n${entries.join('\n')}\n};\nexport const sections = {\n${sections.join('\n')}\n};\n`;
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const [code, section] = id.slice(RESOLVED.length + 1).split('/');
        const file = join(localesDir, `${code}.json`);
        this.addWatchFile(file);
        const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        const sectionOf = (key: string) => LAZY_SECTIONS.find((name) => key.startsWith(`${name}.`));
        const compiled: Record<string, unknown> = {};
        for (const [key, message] of Object.entries(messages)) {
          if (sectionOf(key) !== section) continue;
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
