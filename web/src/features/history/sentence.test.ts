import { describe, expect, it } from 'vitest';
import { byDay, describeChange, type HistoryRowLike } from './sentence';

const money = (amount: string) => `€${amount}`;
const say = (row: Partial<HistoryRowLike> & Pick<HistoryRowLike, 'entityType' | 'action'>) => describeChange({ changes: {}, ...row }, money);

describe('describeChange', () => {
  it('says what happened to list items, on which list', () => {
    expect(say({ entityType: 'NoteItem', action: 'Updated', changes: { isCompleted: { old: false, new: true } }, entityLabel: 'Milk', parentLabel: 'Shopping' })).toBe(
      'ticked “Milk” on Shopping',
    );
    expect(say({ entityType: 'NoteItem', action: 'Updated', changes: { isCompleted: { old: true, new: false } }, entityLabel: 'Milk', parentLabel: 'Shopping' })).toBe(
      'unticked “Milk” on Shopping',
    );
    expect(say({ entityType: 'NoteItem', action: 'Created', entityLabel: 'Eggs', parentLabel: 'Shopping' })).toBe('added “Eggs” to Shopping');
    expect(say({ entityType: 'NoteItem', action: 'Updated', changes: { text: { old: 'Milk', new: 'Oat milk' } }, entityLabel: 'Oat milk', parentLabel: 'Shopping' })).toBe(
      'changed “Milk” to “Oat milk” on Shopping',
    );
    expect(say({ entityType: 'NoteItem', action: 'Deleted' })).toBe('removed an item');
  });

  it('says who paid a shared expense and between how many, and payments between members', () => {
    const split = { paidBy: [{ userId: 'anna', amount: '42.00' }], owed: [{ userId: 'anna' }, { userId: 'ben' }, { userId: 'cleo' }] };
    expect(say({ entityType: 'Transaction', action: 'Created', userId: 'anna', changes: { amount: { new: '42.00' }, type: { new: 'Expense' }, split: { new: split } }, entityLabel: 'Groceries' })).toBe(
      'paid €42.00 Groceries, shared by 3',
    );
    expect(say({ entityType: 'Transaction', action: 'Created', userId: 'ben', changes: { amount: { new: '42.00' }, type: { new: 'Expense' }, split: { new: split } }, entityLabel: 'Groceries' })).toBe(
      'added €42.00 Groceries, shared by 3',
    );
    expect(say({ entityType: 'Transaction', action: 'Updated', changes: { split: { old: null, new: split } }, entityLabel: 'Groceries' })).toBe(
      'changed how the Groceries transaction is shared: shared by 3',
    );
    expect(say({ entityType: 'Transaction', action: 'Updated', changes: { split: { old: split, new: null } }, entityLabel: 'Groceries' })).toBe(
      "made the Groceries transaction the household's own",
    );
    const payment = { fromUserId: { new: 'ben' }, toUserId: { new: 'anna' }, amount: { new: '14.00' } };
    expect(say({ entityType: 'Settlement', action: 'Created', userId: 'ben', changes: payment, entityLabel: 'Ben → Anna' })).toBe('paid Anna €14.00');
    expect(say({ entityType: 'Settlement', action: 'Created', userId: 'anna', changes: payment, entityLabel: 'Ben → Anna' })).toBe('recorded that Ben paid Anna €14.00');
    expect(say({ entityType: 'Settlement', action: 'Deleted', changes: { amount: { old: '14.00' } }, entityLabel: 'Ben → Anna' })).toBe('deleted the payment “Ben paid Anna €14.00”');
    expect(say({ entityType: 'SplitSettings', action: 'Updated' })).toBe('changed how costs are shared');
  });

  it('says money with the amount and the category', () => {
    expect(say({ entityType: 'Transaction', action: 'Created', changes: { amount: { new: '12.50' }, type: { new: 'Expense' } }, entityLabel: 'Groceries' })).toBe(
      'added €12.50 Groceries',
    );
    expect(say({ entityType: 'Transaction', action: 'Created', changes: { amount: { new: '50.00' }, type: { new: 'Transfer' } } })).toBe('moved €50.00 between accounts');
    expect(say({ entityType: 'Transaction', action: 'Updated', changes: { amount: { old: '12.50', new: '15.00' } }, entityLabel: 'Groceries' })).toBe(
      'changed the Groceries transaction from €12.50 to €15.00',
    );
    expect(say({ entityType: 'BudgetAccount', action: 'Created', changes: { openingBalance: { new: '1250.00' } }, entityLabel: 'Joint' })).toBe(
      'added the account “Joint” with €1250.00',
    );
  });

  it('never shows an entity or field name, nor a raw boolean', () => {
    const sentences = [
      say({ entityType: 'Marker', action: 'Updated', changes: { rating: { old: 3, new: 5 }, latitude: { old: 1, new: 2 } }, entityLabel: 'Café' }),
      say({ entityType: 'MarkerImage', action: 'Created', parentLabel: 'Café' }),
      say({ entityType: 'Note', action: 'Updated', changes: { isPinned: { old: false, new: true } }, entityLabel: 'Shopping' }),
      say({ entityType: 'Category', action: 'Updated', changes: { color: { old: '#000000', new: '#FFFFFF' } } }),
    ];
    expect(sentences).toEqual(['changed the rating and location of “Café”', 'added a photo to Café', 'pinned “Shopping”', 'changed the colour of a category']);
    for (const sentence of sentences) expect(sentence).not.toMatch(/Marker|Image|isPinned|true|false|Id\b/);
  });
});

describe('byDay', () => {
  it('groups rows newest first by their local day', () => {
    const rows = [{ createdDate: '2026-11-26T15:00:00' }, { createdDate: '2026-11-26T09:00:00' }, { createdDate: '2026-11-25T20:00:00' }];
    expect(byDay(rows).map((group) => [group.day, group.rows.length])).toEqual([
      ['2026-11-26', 2],
      ['2026-11-25', 1],
    ]);
  });
});
