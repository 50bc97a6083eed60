import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (name: string): Record<string, string> => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'locales', name), 'utf8'));

/**
 * Words German writes as English does. Any other German message equal to its English one is an
 * English text copied over instead of translated.
 */
const SAME_IN_GERMAN = new Set([
  'Admin',
  'in',
  'Administrator',
  'Budget',
  'Offline',
  'Bank',
  'Browser',
  'Deutsch',
  'English',
  'Hearth',
  'Link',
  'Name',
  'optional',
  'Sport',
  'Status',
  'Text',
]);

describe('the German messages', () => {
  it('are translated, not copied from English', () => {
    const english = read('en.json');
    const german = read('de.json');
    const copied = Object.keys(english).filter((key) => {
      const words = english[key].replace(/\{[^{}]*\}/g, ' ').match(/\p{L}+/gu) ?? [];
      return german[key] === english[key] && words.some((word) => !SAME_IN_GERMAN.has(word));
    });
    expect(copied).toEqual([]);
  });
});
