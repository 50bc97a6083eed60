import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One word for one thing in each language: `locales/glossary.<lang>.json` names, per term, the word
 * the messages use and the words they must not use for it ("Dauerauftrag", never "Dauerbuchung").
 */
interface Entry {
  word: string;
  avoid: string[];
}

const dir = join(__dirname, '..', '..', '..', 'locales');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
const glossaries = readdirSync(dir)
  .map((name) => /^glossary\.([a-z]{2,3})\.json$/.exec(name)?.[1])
  .filter((code): code is string => Boolean(code));

/** Messages that use `word` as a word or at the start of one ("Bericht" in "Berichte"), whatever its case. */
function messagesUsing(messages: Record<string, string>, word: string): string[] {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu');
  return Object.keys(messages).filter((key) => pattern.test(messages[key]));
}

describe('glossaries', () => {
  it('there is one for English and one for German', () => {
    expect(glossaries).toEqual(expect.arrayContaining(['en', 'de']));
  });

  it('finds a word at the start of a word only, in any case', () => {
    const messages = { a: 'Die Berichte des Monats', b: 'Monatsbericht', c: 'Auswertung' };
    expect(messagesUsing(messages, 'Bericht')).toEqual(['a']);
  });

  for (const code of glossaries) {
    describe(`glossary.${code}.json`, () => {
      const glossary = read<Record<string, Entry>>(`glossary.${code}.json`);
      const messages = read<Record<string, string>>(`${code}.json`);

      it("names each term's word, used in the messages", () => {
        const unused = Object.entries(glossary)
          .filter(([, entry]) => messagesUsing(messages, entry.word).length === 0)
          .map(([term]) => term);
        expect(unused).toEqual([]);
      });

      it('no message uses another word for a term', () => {
        const mixed: string[] = [];
        for (const [term, entry] of Object.entries(glossary)) {
          for (const other of entry.avoid) {
            for (const key of messagesUsing(messages, other)) mixed.push(`${key}: "${other}" for ${term} (the word is "${entry.word}")`);
          }
        }
        expect(mixed).toEqual([]);
      });
    });
  }
});
