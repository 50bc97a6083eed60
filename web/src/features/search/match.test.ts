import { describe, expect, it } from 'vitest';
import { matchOffline, type Searchable } from './match';

const things: Searchable[] = [
  { type: 'Note', id: 'n1', title: 'Wocheneinkauf', body: 'Für Samstag', date: '2026-05-01T10:00:00.000Z' },
  { type: 'NoteItem', id: 'i1', parentId: 'n1', title: 'Milch', date: '2026-05-01T10:01:00.000Z' },
  { type: 'NoteItem', id: 'i2', parentId: 'n1', title: 'Vollmilch', date: '2026-05-01T10:02:00.000Z' },
  { type: 'NoteItem', id: 'i3', parentId: 'n1', title: 'Crème fraîche', date: '2026-05-01T10:03:00.000Z' },
  { type: 'NoteItem', id: 'i4', parentId: 'n1', title: 'Coffee beans', date: '2026-05-01T10:04:00.000Z' },
  { type: 'Note', id: 'n2', title: 'Backen', body: 'Zitronenkuchen mit Guss', date: '2026-05-03T10:00:00.000Z' },
  { type: 'Note', id: 'n3', title: 'Zitronenkuchen', body: 'Rezept von Oma', date: '2026-05-02T10:00:00.000Z' },
  { type: 'Place', id: 'p1', title: 'Bäckerei Schmidt', body: 'Die besten Brezeln · Hauptstraße 5, Köln', date: '2026-04-01' },
  { type: 'Transaction', id: 't1', title: 'REWE Markt: Wochenendeinkauf', amount: '42.50', date: '2026-05-01' },
  { type: 'Transaction', id: 't2', title: 'Tierarzt Dr. Vogel', amount: '42.05', date: '2026-05-02' },
  { type: 'Transaction', id: 't3', title: 'Miete Dezember', amount: '1250.00', date: '2026-05-03' },
];
const ids = (q: string) => matchOffline(things, q).map((hit) => hit.id);

describe('the offline matcher', () => {
  it('finds parts of words from three letters: "milc" finds Milch and Vollmilch, the whole word first', () => {
    expect(ids('milc')).toEqual(['i1', 'i2']);
    expect(ids('milch')).toEqual(['i1', 'i2']);
  });

  it('ignores case and accents both ways', () => {
    expect(ids('creme')).toEqual(['i3']);
    expect(ids('CRÈME')).toEqual(['i3']);
    expect(ids('backerei')).toEqual(['p1']);
    expect(ids('hauptstrasse köln')).toEqual(['p1']);
  });

  it('allows one typo from five letters on, none below', () => {
    expect(ids('cofee')).toEqual(['i4']);
    expect(ids('coffe')).toEqual(['i4']);
    expect(ids('mulch')).toEqual(['i1']);
    expect(ids('mlk')).toEqual([]);
  });

  it('needs every word, in any order', () => {
    expect(ids('beans coffee')).toEqual(['i4']);
    expect(ids('coffee milch')).toEqual([]);
  });

  it('finds transactions by their amount as typed', () => {
    expect(ids('42.50')).toEqual(['t1']);
    expect(ids('42,5')).toEqual(['t1']);
    expect(ids('42,05 vogel')).toEqual(['t2']);
    // with thousands separators, as the service reads them too
    expect(ids('1.250,00')).toEqual(['t3']);
    expect(ids('1,250.00')).toEqual(['t3']);
  });

  it('puts a title match above a text match, and the newer first at equal score', () => {
    expect(ids('zitronenkuchen')).toEqual(['n3', 'n2']);
    expect(matchOffline(things, 'zitronenkuchen')[1].excerpt).toBe('Zitronenkuchen mit Guss');
  });

  it('finds nothing for a query without words', () => {
    expect(matchOffline(things, '  !! ')).toEqual([]);
  });
});
