import { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EntityType, LiveChange } from '@/api/live';
import { liveInvalidation } from './live-sync';

/** The cached queries of a client that has shown every screen once. */
const KEYS: QueryKey[] = [
  ['notes', 'list', { page: 1 }],
  ['notes', 'detail', 'note-1'],
  ['notes', 'detail', 'note-2'],
  ['map', 'markers', { bbox: '1,2,3,4' }],
  ['map', 'locations'],
  ['map', 'marker', 'place-1'],
  ['map', 'marker', 'place-2'],
  ['map', 'images', 'place-1'],
  ['map', 'images', 'place-2'],
  ['budget', 'transactions', { page: 1 }],
  ['budget', 'transaction', 'tx-1'],
  ['budget', 'transaction', 'tx-2'],
  ['budget', 'report', 'monthly', 2026, 3],
  ['budget', 'accounts'],
  ['budget', 'categories'],
  ['budget', 'recurring'],
  ['budget', 'balances', {}],
  ['budget', 'balances', 'explain', 'user-1', {}, 1],
  ['budget', 'settlements', {}, 1, 20],
  ['budget', 'split-settings'],
  ['members'],
  ['admin', 'users'],
  ['admin', 'groups'],
  ['account'],
  ['notifications', 'unread'],
  ['notifications', 'list', 1],
  ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
  ['calendar', 'event', 'ev-1'],
  ['calendar', 'event', 'ev-2'],
  ['calendar', 'feeds'],
  ['calendar', 'subscriptions'],
  ['history', { page: 1 }],
];

const change = (entityType: EntityType, entityId: string, parentId?: string): LiveChange => ({
  entityType,
  entityId,
  ...(parentId ? { parentId } : {}),
  action: 'Updated',
  userId: 'u1',
  at: '2026-11-26T10:00:00.000Z',
});

/** The keys a client's invalidation marks stale after `changes` (flushed at once). */
async function invalidatedBy(...changes: LiveChange[]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, { data: true });
  const live = liveInvalidation(client, 0);
  for (const c of changes) live.change(c);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return KEYS.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
}

const keys = (...list: QueryKey[]) => list.map((key) => JSON.stringify(key));

describe('live changes invalidate exactly the queries that show them (docs/live.md, Web client)', () => {
  it.each<[string, LiveChange, QueryKey[]]>([
    [
      'a note item: its note and the note lists',
      change('NoteItem', 'item-1', 'note-1'),
      [
        ['notes', 'list', { page: 1 }],
        ['notes', 'detail', 'note-1'],
      ],
    ],
    [
      'a note: it, the lists and the calendar (its reminder is a layer)',
      change('Note', 'note-2'),
      [
        ['notes', 'list', { page: 1 }],
        ['notes', 'detail', 'note-2'],
        ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
      ],
    ],
    [
      'a place: it, the places in view and the locations',
      change('Marker', 'place-2'),
      [
        ['map', 'markers', { bbox: '1,2,3,4' }],
        ['map', 'locations'],
        ['map', 'marker', 'place-2'],
      ],
    ],
    [
      "a place's photo: its photos, its place and the places",
      change('MarkerImage', 'img-1', 'place-1'),
      [
        ['map', 'markers', { bbox: '1,2,3,4' }],
        ['map', 'marker', 'place-1'],
        ['map', 'images', 'place-1'],
      ],
    ],
    [
      'a transaction: the lists, it, the reports and the balances',
      change('Transaction', 'tx-1'),
      [
        ['budget', 'transactions', { page: 1 }],
        ['budget', 'transaction', 'tx-1'],
        ['budget', 'report', 'monthly', 2026, 3],
        ['budget', 'accounts'],
        ['budget', 'balances', {}],
        ['budget', 'balances', 'explain', 'user-1', {}, 1],
      ],
    ],
    [
      'a settlement: the settlements and the balances with their explanations',
      change('Settlement', 's-1'),
      [
        ['budget', 'balances', {}],
        ['budget', 'balances', 'explain', 'user-1', {}, 1],
        ['budget', 'settlements', {}, 1, 20],
      ],
    ],
    [
      "the group's split settings: them and the balances (units are parties)",
      change('SplitSettings', 'g-1'),
      [
        ['budget', 'balances', {}],
        ['budget', 'balances', 'explain', 'user-1', {}, 1],
        ['budget', 'split-settings'],
      ],
    ],
    [
      'a category',
      change('Category', 'c-1'),
      [
        ['budget', 'transactions', { page: 1 }],
        ['budget', 'report', 'monthly', 2026, 3],
        ['budget', 'categories'],
      ],
    ],
    [
      'an account',
      change('BudgetAccount', 'a-1'),
      [
        ['budget', 'transactions', { page: 1 }],
        ['budget', 'report', 'monthly', 2026, 3],
        ['budget', 'accounts'],
      ],
    ],
    [
      'a recurring transaction: it and the calendar (bills are a layer)',
      change('RecurringTransaction', 'r-1'),
      [
        ['budget', 'recurring'],
        ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
      ],
    ],
    [
      'a user: and the calendar (birthdays are a layer)',
      change('User', 'u-2'),
      [['members'], ['admin', 'users'], ['account'], ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }]],
    ],
    [
      'a calendar event: every range shown and the event',
      change('CalendarEvent', 'ev-1'),
      [
        ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
        ['calendar', 'event', 'ev-1'],
      ],
    ],
    [
      'one occurrence changed on its own: the ranges and its series',
      change('CalendarEventException', 'x-1', 'ev-2'),
      [
        ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
        ['calendar', 'event', 'ev-2'],
      ],
    ],
    [
      'an outside calendar (added, removed, refreshed): the list and every range shown',
      change('CalendarSubscription', 's-1'),
      [
        ['calendar', 'subscriptions'],
        ['calendar', 'occurrences', { from: '2026-11-28', to: '2027-01-22' }],
      ],
    ],
    ["one of the member's feed addresses: their feeds", change('CalendarFeed', 'f-1'), [['calendar', 'feeds']]],
    ['a group', change('Group', 'g-1'), [['members'], ['admin', 'groups']]],
    [
      "a notification: the bell's count and the inbox",
      change('Notification', 'n-1'),
      [
        ['notifications', 'unread'],
        ['notifications', 'list', 1],
      ],
    ],
  ])('%s, and the history page', async (_name, c, expected) => {
    const invalidated = await invalidatedBy(c);
    expect(invalidated.sort()).toEqual(keys(...expected, ['history', { page: 1 }]).sort());
  });

  it('an unknown entity type touches only the history page', async () => {
    // a newer service may announce a kind this app does not know yet
    expect(await invalidatedBy(change('Something' as EntityType, 'x'))).toEqual(keys(['history', { page: 1 }]));
  });

  it('a created transaction refetches the transaction lists, reports and balances', async () => {
    const invalidated = await invalidatedBy({ ...change('Transaction', 'tx-9'), action: 'Created' });
    expect(invalidated).toEqual(
      expect.arrayContaining(keys(['budget', 'transactions', { page: 1 }], ['budget', 'report', 'monthly', 2026, 3], ['budget', 'accounts'])),
    );
    expect(invalidated).not.toContain(JSON.stringify(['notes', 'list', { page: 1 }]));
  });

  it('a burst is batched: one invalidation for many changes', async () => {
    const client = new QueryClient();
    for (const key of KEYS) client.setQueryData(key, { data: true });
    let calls = 0;
    const invalidate = client.invalidateQueries.bind(client);
    client.invalidateQueries = ((...args: Parameters<QueryClient['invalidateQueries']>) => {
      calls++;
      return invalidate(...args);
    }) as QueryClient['invalidateQueries'];
    const live = liveInvalidation(client, 20);
    for (let i = 0; i < 50; i++) live.change(change('NoteItem', `item-${i}`, 'note-1'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls).toBe(1);
    expect(client.getQueryState(['notes', 'detail', 'note-1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['notes', 'detail', 'note-2'])?.isInvalidated).toBe(false);
  });

  it('reset invalidates everything', async () => {
    const client = new QueryClient();
    for (const key of KEYS) client.setQueryData(key, { data: true });
    liveInvalidation(client, 0).reset();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(KEYS.every((key) => client.getQueryState(key)?.isInvalidated)).toBe(true);
  });
});
