import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/i18n/testing';
import { byDay, changeDetails, describeChange, type HistoryRowLike, type Writers } from './sentence';

const writers = (locale: string): Writers => ({
  money: (amount, currency = 'EUR') => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as unknown as number),
  date: (value) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)),
  list: (words) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(words),
});
type Row = Partial<HistoryRowLike> & Pick<HistoryRowLike, 'entityType' | 'action'>;
const full = (row: Row): HistoryRowLike => ({ changes: {}, userId: 'u1', userNickname: 'Anna', ...row });
const say = (row: Row) => describeChange(full(row), translatorFor('en'), writers('en'));
const sag = (row: Row) => describeChange(full(row), translatorFor('de'), writers('de'));

describe('describeChange', () => {
  it('says who paid a shared expense and between how many, and payments between members', () => {
    const split = { paidBy: [{ userId: 'u1', amount: '42.00' }], owed: [{ userId: 'u1' }, { userId: 'ben' }, { userId: 'cleo' }] };
    const shared: Row = {
      entityType: 'Transaction',
      action: 'Created',
      changes: { amount: { new: '42.00' }, type: { new: 'Expense' }, split: { new: split } },
      entityLabel: 'Groceries',
    };
    expect(say(shared)).toBe('Anna paid €42.00 Groceries, shared by 3');
    expect(sag(shared)).toBe('Anna hat 42,00\u00a0€ für Groceries bezahlt, geteilt auf 3');
    // entered by someone who did not pay it alone
    expect(say({ ...shared, userId: 'ben', userNickname: 'Ben' })).toBe('Ben added expense €42.00 Groceries, shared by 3');
    const resplit: Row = { entityType: 'Transaction', action: 'Updated', changes: { split: { old: null, new: split } }, entityLabel: 'Groceries' };
    expect(say(resplit)).toBe('Anna changed how the Groceries transaction is shared: by 3');
    expect(say({ ...resplit, changes: { split: { old: split, new: null } } })).toBe("Anna made the Groceries transaction the household's own");
    const payment = { fromUserId: { new: 'u1' }, toUserId: { new: 'cleo' }, amount: { new: '14.00' } };
    const settlement: Row = { entityType: 'Settlement', action: 'Created', changes: payment, entityLabel: 'Anna → Cleo' };
    expect(say(settlement)).toBe('Anna paid Cleo €14.00');
    expect(sag(settlement)).toBe('Anna hat Cleo 14,00\u00a0€ gezahlt');
    expect(say({ ...settlement, userId: 'cleo', userNickname: 'Cleo' })).toBe('Cleo recorded that Anna paid Cleo €14.00');
    expect(say({ entityType: 'Settlement', action: 'Deleted', changes: { amount: { old: '14.00' } }, entityLabel: 'Anna → Cleo' })).toBe(
      'Anna deleted the payment “Anna paid Cleo €14.00”',
    );
    expect(say({ entityType: 'SplitSettings', action: 'Updated' })).toBe('Anna changed how costs are shared');
    // paid in another currency: both amounts
    const original = { new: { amount: '84.00', currency: 'CHF', rate: '1.0609' } };
    const dinner: Row = { ...shared, changes: { ...shared.changes, amount: { new: '89.12' }, original }, entityLabel: 'Dinner' };
    dinner.changes!.split = { new: { ...split, owed: [...split.owed, { userId: 'dan' }] } };
    expect(say(dinner)).toBe('Anna paid CHF\u00a084.00 (€89.12) Dinner, shared by 4');
    expect(sag(dinner)).toBe('Anna hat 84,00\u00a0CHF (89,12\u00a0€) für Dinner bezahlt, geteilt auf 4');
    expect(say({ ...settlement, changes: { ...payment, original: { new: { amount: '14.90', currency: 'CHF', rate: '0.94' } } } })).toBe(
      'Anna paid Cleo CHF\u00a014.90 (€14.00)',
    );
    expect(sag({ entityType: 'SplitSettings', action: 'Updated' })).toBe('Anna hat geändert, wie Kosten geteilt werden');
  });

  it('says which event was added and when, in words, and what changed of one occurrence', () => {
    const football: Row = {
      entityType: 'CalendarEvent',
      action: 'Created',
      changes: {
        startValue: { new: '2026-10-03T08:00:00Z' },
        timeZone: { new: 'Europe/Berlin' },
        rrule: { new: 'FREQ=WEEKLY;BYDAY=SA' },
        allDay: { new: false },
      },
      entityLabel: 'Football',
    };
    expect(say(football)).toBe('Anna added “Football”, Saturdays 10:00');
    expect(sag(football)).toBe('Anna hat „Football“ hinzugefügt, samstags um 10:00');
    expect(say({ ...football, changes: { ...football.changes, rrule: { new: null } } })).toBe('Anna added “Football”, Oct 3, 2026 10:00');
    expect(
      say({ entityType: 'CalendarEvent', action: 'Updated', changes: { exdates: { old: [], new: ['2026-10-10T08:00:00Z'] } }, entityLabel: 'Football' }),
    ).toBe('Anna cancelled one occurrence of “Football”');
    const exdates = { old: ['2026-10-10T08:00:00Z'], new: [] };
    const restored: Row = { entityType: 'CalendarEvent', action: 'Updated', changes: { exdates }, entityLabel: 'Football' };
    expect(say(restored)).toBe('Anna restored one occurrence of “Football”');
    expect(sag(restored)).toBe('Anna hat einen abgesagten Termin von „Football“ wiederhergestellt');
    expect(say({ entityType: 'CalendarEventException', action: 'Created', entityLabel: 'Football', parentLabel: 'Football' })).toBe(
      'Anna changed one occurrence of “Football”',
    );
    expect(sag({ entityType: 'CalendarEvent', action: 'Deleted', entityLabel: 'Football' })).toBe('Anna hat „Football“ gelöscht');
  });

  it('says which outside calendar was subscribed to, ended or refreshed, and which feed was made or ended', () => {
    const school: Row = { entityType: 'CalendarSubscription', action: 'Created', entityLabel: 'School holidays' };
    expect(say(school)).toBe('Anna subscribed to the calendar “School holidays”');
    expect(sag(school)).toBe('Anna hat den Kalender „School holidays“ abonniert');
    expect(say({ ...school, action: 'Deleted' })).toBe('Anna unsubscribed from the calendar “School holidays”');
    expect(sag({ ...school, action: 'Deleted' })).toBe('Anna hat das Abo des Kalenders „School holidays“ beendet');
    const refreshed: Row = { ...school, action: 'Updated', userId: null, changes: { version: { old: 1, new: 2 } } };
    expect(say(refreshed)).toBe('The subscribed calendar “School holidays” brought new events');
    expect(sag(refreshed)).toBe('Der abonnierte Kalender „School holidays“ hat neue Termine gebracht');
    const rename = { name: { old: 'School', new: 'School holidays' }, color: { old: '#16A34A', new: '#DC2626' } };
    expect(say({ ...school, action: 'Updated', changes: rename })).toBe('Anna renamed the subscribed calendar “School” to “School holidays”');
    expect(sag({ ...school, action: 'Updated', changes: rename })).toBe('Anna hat den abonnierten Kalender „School“ in „School holidays“ umbenannt');
    expect(say({ ...school, action: 'Updated', changes: { color: rename.color } })).toBe('Anna changed the colour of “School holidays”');
    const feed: Row = { entityType: 'CalendarFeed', action: 'Created', entityLabel: 'My phone' };
    expect(say(feed)).toBe('Anna made the calendar feed “My phone”');
    expect(sag({ ...feed, action: 'Deleted' })).toBe('Anna hat den Kalender-Feed „My phone“ beendet');
  });

  it('says what happened to list items, on which list', () => {
    const ticked: Row = {
      entityType: 'NoteItem',
      action: 'Updated',
      changes: { isCompleted: { old: false, new: true } },
      entityLabel: 'Milk',
      parentLabel: 'Shopping',
    };
    expect(say(ticked)).toBe('Anna ticked “Milk” on “Shopping”');
    expect(sag(ticked)).toBe('Anna hat „Milk“ in „Shopping“ abgehakt');
    expect(say({ ...ticked, changes: { isCompleted: { old: true, new: false } } })).toBe('Anna unticked “Milk” on “Shopping”');
    expect(say({ entityType: 'NoteItem', action: 'Created', entityLabel: 'Eggs', parentLabel: 'Shopping' })).toBe('Anna added “Eggs” to “Shopping”');
    expect(
      say({ entityType: 'NoteItem', action: 'Updated', changes: { text: { old: 'Milk', new: 'Oat milk' } }, entityLabel: 'Oat milk', parentLabel: 'Shopping' }),
    ).toBe('Anna changed “Milk” to “Oat milk” on “Shopping”');
    expect(say({ entityType: 'NoteItem', action: 'Deleted' })).toBe('Anna removed an item');
    expect(sag({ entityType: 'NoteItem', action: 'Deleted' })).toBe('Anna hat einen Eintrag entfernt');
  });

  it('words income and expense apart, with the payee of an imported transaction', () => {
    const refund: Row = {
      entityType: 'Transaction',
      action: 'Created',
      changes: { amount: { new: '39.99' }, type: { new: 'Income' }, description: { new: 'Zalando refund' } },
      entityLabel: 'Other',
      parentLabel: 'Zalando refund',
    };
    expect(say(refund)).toBe('Anna added income €39.99 Zalando refund · Other');
    expect(sag(refund)).toBe('Anna hat eine Einnahme von 39,99\u00a0€ erfasst: Zalando refund · Other');
    const expense: Row = { ...refund, changes: { ...refund.changes, type: { new: 'Expense' } } };
    expect(say(expense)).toBe('Anna added expense €39.99 Zalando refund · Other');
    expect(sag(expense)).toBe('Anna hat eine Ausgabe von 39,99\u00a0€ erfasst: Zalando refund · Other');
    expect(say({ entityType: 'Transaction', action: 'Created', changes: { amount: { new: '50.00' }, type: { new: 'Transfer' } } })).toBe(
      'Anna moved €50.00 between accounts',
    );
    expect(say({ entityType: 'Transaction', action: 'Updated', changes: { amount: { old: '12.50', new: '15.00' } }, entityLabel: 'Groceries' })).toBe(
      'Anna changed the Groceries transaction from €12.50 to €15.00',
    );
    expect(say({ entityType: 'BudgetAccount', action: 'Created', changes: { openingBalance: { new: '1250.00' } }, entityLabel: 'Joint' })).toBe(
      'Anna added the account “Joint” with €1,250.00',
    );
    expect(sag({ entityType: 'BudgetAccount', action: 'Created', changes: { openingBalance: { new: '1250.00' } }, entityLabel: 'Joint' })).toBe(
      'Anna hat das Konto „Joint“ mit 1.250,00\u00a0€ angelegt',
    );
  });

  it('says "Hearth" for what the scheduler did', () => {
    expect(say({ entityType: 'Note', action: 'Deleted', entityLabel: 'Old', userId: null, userNickname: 'System' })).toBe('Hearth deleted the note “Old”');
  });

  it('never shows an entity or field name, nor a raw boolean, in either language', () => {
    const rows: Row[] = [
      { entityType: 'Marker', action: 'Updated', changes: { rating: { old: 3, new: 5 }, latitude: { old: 1, new: 2 } }, entityLabel: 'Café' },
      { entityType: 'MarkerImage', action: 'Created', parentLabel: 'Café' },
      { entityType: 'Note', action: 'Updated', changes: { isPinned: { old: false, new: true } }, entityLabel: 'Shopping' },
      { entityType: 'Category', action: 'Updated', changes: { color: { old: '#000000', new: '#FFFFFF' } } },
    ];
    expect(rows.map(say)).toEqual([
      'Anna changed the rating and location of “Café”',
      'Anna added a photo to “Café”',
      'Anna pinned “Shopping”',
      'Anna changed the colour of a category',
    ]);
    expect(rows.map(sag)).toEqual([
      'Anna hat „Café“ geändert (Bewertung und Lage)',
      'Anna hat ein Foto zu „Café“ hinzugefügt',
      'Anna hat „Shopping“ angeheftet',
      'Anna hat eine Kategorie geändert (Farbe)',
    ]);
    for (const sentence of [...rows.map(say), ...rows.map(sag)]) expect(sentence).not.toMatch(/Marker|Image|isPinned|true|false|Id\b|history\./);
  });
});

describe('changeDetails', () => {
  it('lists before and after in words, the payee of a transaction first', () => {
    const row = full({
      entityType: 'Transaction',
      action: 'Updated',
      changes: { amount: { old: '12.50', new: '1250.00' }, date: { old: '2026-11-04', new: '2026-11-05' }, categoryId: { old: 'a', new: 'b' } },
      entityLabel: 'Groceries',
      parentLabel: 'ALDI SÜD',
    });
    expect(changeDetails(row, translatorFor('de'), writers('de'))).toEqual([
      { field: 'Empfänger', before: null, after: 'ALDI SÜD', context: true },
      { field: 'Kategorie', before: null, after: 'Groceries', context: true },
      { field: 'Betrag', before: '12,50\u00a0€', after: '1.250,00\u00a0€' },
      { field: 'Datum', before: '04.11.2026', after: '05.11.2026' },
    ]);
  });

  it('never shows a secret or an id', () => {
    const row = full({
      entityType: 'User',
      action: 'Updated',
      changes: { passwordHash: { old: '[redacted]', new: '[redacted]' }, groupId: { old: 'x', new: 'y' } },
    });
    expect(changeDetails(row, translatorFor('en'), writers('en'))).toEqual([]);
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
