import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '..', '..', '..', 'locales');
/** the message files (`en.json`, `de.json`): the glossaries beside them (`glossary.de.json`) are not messages */
const files = readdirSync(dir).filter((name) => /^[a-z]{2,3}\.json$/.test(name));
const read = (name: string): Record<string, string> => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const english = read('en.json');

/** The arguments a message uses (`{name}`, `{count, plural, …}`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal) into.add(String(element.value));
    if ('options' in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if ('children' in element) argumentsOf(element.children, into);
  }
  return into;
}

describe('message files', () => {
  it('has English and German', () => {
    expect(files).toEqual(expect.arrayContaining(['en.json', 'de.json']));
  });

  for (const file of files) {
    describe(file, () => {
      const messages = read(file);
      it('has exactly the keys of the English file', () => {
        const missing = Object.keys(english).filter((key) => !(key in messages));
        const extra = Object.keys(messages).filter((key) => !(key in english));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });
      it('keeps its keys in order (so additions from parallel branches merge cleanly)', () => {
        const keys = Object.keys(messages);
        expect(keys).toEqual([...keys].sort());
      });
      it('holds ICU messages with the arguments of the English ones', () => {
        const wrong: string[] = [];
        for (const [key, message] of Object.entries(messages)) {
          if (!(key in english)) continue;
          const mine = [...argumentsOf(parse(message))].sort();
          const theirs = [...argumentsOf(parse(english[key]))].sort();
          if (mine.join() !== theirs.join()) wrong.push(`${key}: {${mine}} vs English {${theirs}}`);
        }
        expect(wrong).toEqual([]);
      });
    });
  }
});
