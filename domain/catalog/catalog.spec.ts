import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AISLES } from '../shopping/aisles';
import type { CatalogEntry } from '../shopping/catalog';
import { catalogKey } from '../shopping/catalog';
import de from './de.json';
import en from './en.json';
import icons from './icons.json';

const languages: Record<string, CatalogEntry[]> = { de: de as CatalogEntry[], en: en as CatalogEntry[] };

describe('the catalogue data', () => {
  it('has at least 400 items in every language, the same ids in each', () => {
    for (const items of Object.values(languages)) expect(items.length).toBeGreaterThanOrEqual(400);
    const ids = (items: CatalogEntry[]) => items.map((item) => item.id);
    expect(ids(languages.de)).toEqual(ids(languages.en));
    expect(new Set(ids(languages.de)).size).toBe(languages.de.length);
  });

  it('gives every item a name, an aisle, an icon that ships with the app, and the same aisle and icon in every language', () => {
    const byId = new Map(languages.en.map((item) => [item.id, item]));
    for (const [language, items] of Object.entries(languages)) {
      for (const item of items) {
        const where = `${language}:${item.id}`;
        expect([where, /^[a-z0-9]+(-[a-z0-9]+)*$/.test(item.id)]).toEqual([where, true]);
        expect([where, item.name.trim().length > 0]).toEqual([where, true]);
        expect([where, (AISLES as readonly string[]).includes(item.aisle)]).toEqual([where, true]);
        expect([where, typeof (icons.icons as Record<string, string>)[item.icon]]).toEqual([where, 'string']);
        expect([where, Array.isArray(item.aliases)]).toEqual([where, true]);
        expect([where, item.aisle, item.icon]).toEqual([where, byId.get(item.id)!.aisle, byId.get(item.id)!.icon]);
      }
    }
  });

  it('knows the German household, Austrian and regional names included', () => {
    const names = (id: string) => {
      const item = languages.de.find((entry) => entry.id === id)!;
      return [item.name, item.plural, ...item.aliases].map((name) => catalogKey(name ?? ''));
    };
    expect(names('tomato')).toEqual(expect.arrayContaining(['tomate', 'tomaten', 'paradeiser']));
    expect(names('rolls')).toEqual(expect.arrayContaining(['brotchen', 'semmel', 'semmeln', 'schrippe']));
    expect(names('potato')).toEqual(expect.arrayContaining(['kartoffel', 'erdapfel']));
    expect(names('quark')).toEqual(expect.arrayContaining(['topfen']));
    expect(names('cream')).toEqual(expect.arrayContaining(['sahne', 'schlagobers']));
    expect(names('cauliflower')).toEqual(expect.arrayContaining(['karfiol']));
  });

  it('ships only the icons it uses, each an SVG body of the licensed set', () => {
    const used = new Set(Object.values(languages).flatMap((items) => items.map((item) => item.icon)));
    expect(Object.keys(icons.icons).sort()).toEqual([...used].sort());
    expect(icons.source).toMatch(/MIT/);
    expect(readFileSync(join(__dirname, 'LICENSE-fluent-emoji.txt'), 'utf8')).toMatch(/Microsoft Corporation/);
  });
});
