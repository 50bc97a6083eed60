import { describe, expect, it } from 'vitest';
import type { Note, NoteItem } from './types';
import {
  afterVersionConflict,
  listWithOps,
  mergeFields,
  mergeOrder,
  opAfterChoice,
  ownTexts,
  replacedText,
  withOps,
  type Conflict,
  type NoteOp,
} from './merge';

const item = (id: string, text: string, isCompleted = false): NoteItem => ({
  id,
  text,
  url: null,
  isCompleted,
  order: 0,
  version: 1,
  quantity: null,
  aisle: null,
  catalogItemId: null,
  addedDuringTrip: false,
});
const note = (items: NoteItem[], extra: Partial<Note> = {}): Note => ({
  id: 'n1',
  title: 'Shop',
  content: null,
  color: '#3B82F6',
  icon: 'ShoppingCart',
  kind: 'list',
  trip: null,
  isPrivate: false,
  isPinned: false,
  createdBy: 'u1',
  createdDate: '2026-11-01T10:00:00.000Z',
  updatedDate: '2026-11-01T10:00:00.000Z',
  version: 1,
  items: items.map((entry, order) => ({ ...entry, order })),
  reminder: null,
  reminders: [],
  ...extra,
});
const texts = (value: Note) => value.items.map((entry) => `${entry.order}:${entry.text}${entry.isCompleted ? ' ✓' : ''}`);

describe('withOps: the note as it will be once the queue is sent', () => {
  it('adds after the last open item, in the order typed, as the server does', () => {
    const base = note([item('a', 'Milk'), item('b', 'Eggs', true)]);
    const shown = withOps(base, [
      { kind: 'addItem', noteId: 'n1', itemId: 'c', fields: { text: 'Bread', url: null } },
      { kind: 'addItem', noteId: 'n1', itemId: 'd', fields: { text: 'Jam', url: null } },
    ]);
    expect(texts(shown)).toEqual(['0:Milk', '1:Bread', '2:Jam', '3:Eggs ✓']);
  });

  it('applies ticks, edits, deletes, a reorder and a new title, and ignores other notes and answered adds', () => {
    const base = note([item('a', 'Milk'), item('b', 'Eggs'), item('c', 'Rice')]);
    const shown = withOps(base, [
      { kind: 'setItem', noteId: 'n1', itemId: 'a', isCompleted: true },
      { kind: 'updateItem', noteId: 'n1', itemId: 'b', fields: { text: 'Free-range eggs', url: null }, base: { text: 'Eggs', url: null, version: 1 } },
      { kind: 'deleteItem', noteId: 'n1', itemId: 'c' },
      { kind: 'reorder', noteId: 'n1', itemIds: ['b', 'a', 'c'] },
      {
        kind: 'updateNote',
        noteId: 'n1',
        fields: { title: 'Saturday', content: 'early', color: '#3B82F6', icon: 'ShoppingCart' },
        base: { title: 'Shop', content: null, color: '#3B82F6', icon: 'ShoppingCart', version: 1 },
      },
      { kind: 'setItem', noteId: 'other', itemId: 'b', isCompleted: true },
      // already on the server (the answer arrived): not added twice
      { kind: 'addItem', noteId: 'n1', itemId: 'a', fields: { text: 'Milk', url: null } },
    ]);
    expect(texts(shown)).toEqual(['0:Free-range eggs', '1:Milk ✓']);
    expect(shown).toMatchObject({ title: 'Saturday', content: 'early' });
  });

  it('lists notes created offline first (after pinned ones), with their queued items', () => {
    const pinned = note([], { id: 'p', title: 'Pinned', isPinned: true });
    const listed = listWithOps(
      [pinned, note([])],
      [
        { kind: 'createNote', noteId: 'new', fields: { title: 'Camping', content: null, color: '#10B981', icon: 'Tent', isPrivate: false } },
        { kind: 'addItem', noteId: 'new', itemId: 'x', fields: { text: 'Tent', url: null } },
      ],
      'u1',
    );
    expect(listed.map((entry) => entry.title)).toEqual(['Pinned', 'Camping', 'Shop']);
    expect(texts(listed[1])).toEqual(['0:Tent']);
  });
});

describe('merging with what others changed meanwhile', () => {
  it('keeps my changed fields and takes the current value of the rest', () => {
    const base = { text: 'Milk', url: null as string | null };
    expect(mergeFields(base, { text: 'Oat milk', url: null }, { text: 'Milk', url: 'https://shop.example/milk' })).toEqual({
      text: 'Oat milk',
      url: 'https://shop.example/milk',
    });
  });

  it('after a 412, sends again by itself only what one side changed', () => {
    const base = { text: 'Milk', url: null as string | null };
    // I changed the text, they added a link: both kept, sent again from the current version
    expect(afterVersionConflict(base, { text: 'Oat milk', url: null }, { text: 'Milk', url: 'https://shop.example/milk' })).toEqual({
      resend: { text: 'Oat milk', url: 'https://shop.example/milk' },
    });
    // both wrote the same text: nothing to choose
    expect(afterVersionConflict(base, { text: 'Oat milk', url: null }, { text: 'Oat milk', url: null })).toEqual({ resend: { text: 'Oat milk', url: null } });
  });

  it('after a 412, never decides a field both changed: the person is asked, nothing is sent', () => {
    const base = { title: 'Shop', content: 'Saturday' as string | null, color: '#3B82F6', icon: 'ShoppingCart' };
    const mine = { ...base, title: 'Shop (market)', color: '#10B981' };
    const current = { ...base, title: 'Shop (Lidl)', content: 'Sunday' };
    expect(afterVersionConflict(base, mine, current)).toEqual({ conflicts: ['title'] });
  });
});

describe("the person's choice on a conflict", () => {
  const base = { title: 'Shop', content: 'Saturday' as string | null, color: '#3B82F6', icon: 'ShoppingCart', version: 3 };
  const updateNote: NoteOp = { kind: 'updateNote', noteId: 'n1', base, fields: { ...base, title: 'Shop (market)', color: '#10B981' } };
  // my colour merged onto their version: only the title conflicts
  const noteConflict: Conflict = {
    fields: ['title'],
    mine: { title: 'Shop (market)', content: 'Sunday', color: '#10B981', icon: 'ShoppingCart' },
    current: { title: 'Shop (Lidl)', content: 'Sunday', color: '#3B82F6', icon: 'ShoppingCart', version: 4 },
  };

  it('"Keep mine" sends my text again, from the current version (so a further change is caught again)', () => {
    expect(opAfterChoice(updateNote, noteConflict, 'mine')).toEqual({
      kind: 'updateNote',
      noteId: 'n1',
      fields: { title: 'Shop (market)', content: 'Sunday', color: '#10B981', icon: 'ShoppingCart' },
      base: { title: 'Shop (Lidl)', content: 'Sunday', color: '#3B82F6', icon: 'ShoppingCart', version: 4 },
    });
  });

  it('"Keep theirs" takes the current text and still sends my other changes; with none, nothing is sent', () => {
    expect(opAfterChoice(updateNote, noteConflict, 'theirs')).toMatchObject({ fields: { title: 'Shop (Lidl)', color: '#10B981' }, base: { version: 4 } });
    const itemOp: NoteOp = {
      kind: 'updateItem',
      noteId: 'n1',
      itemId: 'a',
      base: { text: 'Milk', url: null, version: 1 },
      fields: { text: 'Soy milk', url: null },
    };
    const itemConflict: Conflict = { fields: ['text'], mine: { text: 'Soy milk', url: null }, current: { text: 'Oat milk', url: null, version: 2 } };
    expect(opAfterChoice(itemOp, itemConflict, 'theirs')).toBeNull();
    expect(opAfterChoice(itemOp, itemConflict, 'mine')).toEqual({ ...itemOp, base: { text: 'Oat milk', url: null, version: 2 } });
  });

  it('a delete of an item changed meanwhile: "Delete anyway" names the current version, "Keep it" sends nothing', () => {
    const deleteOp: NoteOp = { kind: 'deleteItem', noteId: 'n1', itemId: 'a', base: { text: 'Milk', url: null, version: 1 } };
    const conflict: Conflict = { fields: ['text'], mine: null, current: { text: 'Oat milk', url: null, version: 2 } };
    expect(opAfterChoice(deleteOp, conflict, 'mine')).toEqual({ ...deleteOp, base: { text: 'Oat milk', url: null, version: 2 } });
    expect(opAfterChoice(deleteOp, conflict, 'theirs')).toBeNull();
  });

  it('orders what is there now: gone items dropped, new ones after the item before them', () => {
    const current = ['a', 'n', 'b', 'c'].map((id) => ({ id }));
    expect(mergeOrder(['c', 'b', 'a', 'gone'], current)).toEqual(['c', 'b', 'a', 'n']);
    expect(mergeOrder(['b', 'a'], [{ id: 'x' }, { id: 'a' }, { id: 'b' }])).toEqual(['x', 'b', 'a']);
  });
});

describe('a title of one’s own replaced by someone else’s choice', () => {
  const base = { title: 'Shop', content: null, color: '#3B82F6', icon: 'ShoppingCart', version: 1 };
  const edit = (fields: Partial<typeof base>): NoteOp => ({
    kind: 'updateNote',
    noteId: 'n1',
    base,
    fields: { title: base.title, content: base.content, color: base.color, icon: base.icon, ...fields },
  });

  it('watches only the texts the person changed, with the version the server gave them', () => {
    expect(ownTexts(edit({ title: 'Drugstore' }), note([], { title: 'Drugstore', version: 2 }))).toEqual({ title: 'Drugstore', version: 2 });
    // a new colour alone: the title is not theirs, nothing to watch
    expect(ownTexts(edit({ color: '#22C55E' }), note([], { color: '#22C55E', version: 2 }))).toBeNull();
    expect(ownTexts({ kind: 'pin', noteId: 'n1', isPinned: true }, note([], { version: 2 }))).toBeNull();
    // an item: its text when changed, not a new link alone
    const itemBase = { text: 'Eggs', url: null, version: 1 };
    expect(
      ownTexts(
        { kind: 'updateItem', noteId: 'n1', itemId: 'a', base: itemBase, fields: { text: 'Free-range eggs', url: null } },
        { ...item('a', 'Free-range eggs'), version: 2 },
      ),
    ).toEqual({
      text: 'Free-range eggs',
      version: 2,
    });
    expect(
      ownTexts(
        { kind: 'updateItem', noteId: 'n1', itemId: 'a', base: itemBase, fields: { text: 'Eggs', url: 'https://x.example' } },
        { ...item('a', 'Eggs'), version: 2 },
      ),
    ).toBeNull();
  });

  it('tells Anna when Ben’s offline title, kept over hers by his choice, replaced hers; not when she replaced his, nor for a change of colour', () => {
    // both renamed "Shop" offline; Anna's reached the server first (version 2)
    const annas = ownTexts(edit({ title: 'Drugstore' }), note([], { title: 'Drugstore', version: 2 }))!;
    // Ben's was refused (412) with a conflict on the title; he chose "Keep mine"
    const bens: NoteOp = edit({ title: 'Pharmacy' });
    const conflict: Conflict = {
      fields: ['title'],
      mine: (bens as Extract<NoteOp, { kind: 'updateNote' }>).fields,
      current: { ...base, title: 'Drugstore', version: 2 },
    };
    const resent = opAfterChoice(bens, conflict, 'mine')!;
    expect(resent).toMatchObject({ fields: { title: 'Pharmacy' }, base: { title: 'Drugstore', version: 2 } });
    const afterBen = note([], { title: 'Pharmacy', version: 3 });
    // Anna's next view: her title, to show and restore
    expect(replacedText(annas, 'title', afterBen)).toBe('Drugstore');
    // Ben's own title is not "replaced" for him
    expect(replacedText(ownTexts(resent, afterBen)!, 'title', afterBen)).toBeNull();
    // before Ben's choice reached the server, or a later change that kept her title (a new colour): nothing to tell
    expect(replacedText(annas, 'title', note([], { title: 'Drugstore', version: 2 }))).toBeNull();
    expect(replacedText(annas, 'title', note([], { title: 'Drugstore', color: '#22C55E', version: 3 }))).toBeNull();
    // nothing of hers watched: nothing to tell
    expect(replacedText(undefined, 'title', afterBen)).toBeNull();
    // restoring hers is a new edit from the current version, which then is hers again
    const restored = ownTexts(edit({ title: 'Drugstore' }), note([], { title: 'Drugstore', version: 4 }));
    expect(replacedText(restored!, 'title', note([], { title: 'Drugstore', version: 4 }))).toBeNull();
  });
});
