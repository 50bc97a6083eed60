import * as bcrypt from 'bcrypt';
import { EntityManager, EntityMetadata } from 'typeorm';
import { entityClasses } from '../../src/database/data-source';
import { newId } from '../../src/database/base.entity';
import { runAs } from '../../src/common/http/request-context.module';
import { AUDITED_ENTITIES, AuditedEntity } from '../../src/modules/history/audited';
import { UnauditedWriteError } from '../../src/modules/history/history.subscriber';
import { BudgetAccount } from '../../src/modules/budget/entities/budget-account.entity';
import { Category } from '../../src/modules/budget/entities/category.entity';
import { RecurringTransaction } from '../../src/modules/budget/entities/recurring-transaction.entity';
import { Settlement } from '../../src/modules/budget/entities/settlement.entity';
import { SplitSettings } from '../../src/modules/budget/entities/split-settings.entity';
import { Transaction } from '../../src/modules/budget/entities/transaction.entity';
import { StoredFile } from '../../src/modules/files/entities/stored-file.entity';
import { Group } from '../../src/modules/groups/entities/group.entity';
import { MarkerImage } from '../../src/modules/markers/entities/marker-image.entity';
import { Marker } from '../../src/modules/markers/entities/marker.entity';
import { Note } from '../../src/modules/notes/entities/note.entity';
import { NoteItem } from '../../src/modules/notes/entities/note-item.entity';
import { ShoppingStore } from '../../src/modules/notes/shopping/entities/shopping-store.entity';
import { ShoppingTrip } from '../../src/modules/notes/shopping/entities/shopping-trip.entity';
import { Notification } from '../../src/modules/notifications/entities/notification.entity';
import { CalendarEventException } from '../../src/modules/calendar/entities/calendar-event-exception.entity';
import { CalendarEvent } from '../../src/modules/calendar/entities/calendar-event.entity';
import { CalendarFeed } from '../../src/modules/calendar/feeds/calendar-feed.entity';
import { CalendarSubscription } from '../../src/modules/calendar/subscriptions/calendar-subscription.entity';
import { User } from '../../src/modules/users/entities/user.entity';
import { createTestApp, TestApp } from '../support/app';

// load every entity file now, so AUDITED_ENTITIES is complete when the test table is built
const ENTITIES = entityClasses();

/**
 * Tables holding tenant data (a groupId column) that are deliberately not audited, with the reason.
 * Every other entity with a groupId must be @Audited: its changes belong in the group's history.
 */
const NOT_AUDITED: Record<string, string> = {
  ActionHistory: 'the history itself',
  StoredFile: 'upload and processing state moved by a job; the picture or marker image using the file is audited',
  NoteReminder: "a note's reminder is when and whom to remind, not a change of the note; what it sends is each recipient's Notification",
  CalendarChange: "the calendar's change log for sync tokens: bookkeeping of event changes, each of which has its own history row",
  AccessToken: 'a credential of its person (stored as a hash), like a session; made and ended only by its person or an administrator',
  CalendarImport: 'a preview kept 24 hours; the events its commit writes go through the calendar service, each with its history row',
  ShoppingLearnedItem: "what a group's shopping lists learned from their items' changes, which have their own rows",
  ShoppingPurchase: "a tick of a shopping list's item, for the recent suggestions; the tick itself is the item's row",
  ManualRate: "a group's own exchange rate for a day, a figure that fills in forms; each transaction paid at it keeps the rate in its own audited `original`",
};

interface Fixture {
  /** builds (unsaved) one valid entity, saving any parents it needs */
  build(manager: EntityManager): Promise<any>;
  /** changes some audited fields and returns the diff the history row must show */
  mutate(entity: any): Record<string, { old: unknown; new: unknown }>;
}

let counter = 0;
/** How to build each audited entity for the full create/update/delete check; add yours here. */
const FIXTURES: Record<string, Fixture> = {
  Group: {
    build: async (manager) => manager.create(Group, { name: `Audit group ${++counter}`, currency: 'EUR', modules: ['Map'] }),
    mutate: (group: Group) => {
      group.modules = ['Map', 'Notes'];
      group.currency = 'CHF';
      return { modules: { old: ['Map'], new: ['Map', 'Notes'] }, currency: { old: 'EUR', new: 'CHF' } };
    },
  },
  User: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit users ${++counter}`, currency: 'EUR', modules: [] }));
      return manager.create(User, {
        username: `audited${counter}`,
        email: `audited${counter}@example.test`,
        passwordHash: bcrypt.hashSync('first-password', 4),
        nickname: 'Audited',
        groupId: group.id,
      });
    },
    mutate: (user: User) => {
      user.nickname = 'Renamed';
      user.status = 'Active';
      user.permsVersion += 1; // bookkeeping: ignored by the audit
      return { nickname: { old: 'Audited', new: 'Renamed' }, status: { old: 'Pending', new: 'Active' } };
    },
  },
  Marker: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit markers ${++counter}`, currency: 'EUR', modules: ['Map'] }));
      return manager.create(Marker, { groupId: group.id, title: 'Pin', date: '2024-01-02', latitude: 1.5, longitude: 2.5 });
    },
    mutate: (marker: Marker) => {
      marker.title = 'Moved pin';
      marker.latitude = -3.25;
      return { title: { old: 'Pin', new: 'Moved pin' }, latitude: { old: 1.5, new: -3.25 } };
    },
  },
  MarkerImage: {
    build: async (manager) => {
      const marker = await manager.save(await FIXTURES.Marker.build(manager));
      const file = await manager.save(
        manager.create(StoredFile, {
          category: 'MarkerImage',
          ownerUserId: newId(),
          groupId: marker.groupId,
          storageKey: `${marker.groupId}/${newId()}`,
          contentType: 'image/png',
          size: 10,
        }),
      );
      return manager.create(MarkerImage, { groupId: marker.groupId, markerId: marker.id, fileId: file.id, order: 0 });
    },
    mutate: (image: MarkerImage) => {
      image.order = 3;
      return { order: { old: 0, new: 3 } };
    },
  },
  Note: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit notes ${++counter}`, currency: 'EUR', modules: ['Notes'] }));
      return manager.create(Note, { groupId: group.id, title: 'Shopping', isPrivate: false });
    },
    mutate: (note: Note) => {
      note.title = 'Groceries';
      note.isPinned = true;
      return { title: { old: 'Shopping', new: 'Groceries' }, isPinned: { old: false, new: true } };
    },
  },
  NoteItem: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit items ${++counter}`, currency: 'EUR', modules: ['Notes'] }));
      const note = await manager.save(manager.create(Note, { groupId: group.id, title: 'List', isPrivate: false }));
      return manager.create(NoteItem, { groupId: group.id, noteId: note.id, text: 'Milk', order: 0 });
    },
    mutate: (item: NoteItem) => {
      item.isCompleted = true;
      item.text = 'Oat milk';
      return { isCompleted: { old: false, new: true }, text: { old: 'Milk', new: 'Oat milk' } };
    },
  },
  ShoppingStore: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit stores ${++counter}`, currency: 'EUR', modules: ['Notes'] }));
      return manager.create(ShoppingStore, { groupId: group.id, name: 'REWE', aisleOrder: ['produce', 'dairy'] });
    },
    mutate: (store: ShoppingStore) => {
      store.name = 'Billa';
      return { name: { old: 'REWE', new: 'Billa' } };
    },
  },
  ShoppingTrip: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit trips ${++counter}`, currency: 'EUR', modules: ['Notes'] }));
      const shopper = await manager.save(
        manager.create(User, {
          username: `shopper${counter}`,
          email: `shopper${counter}@example.test`,
          passwordHash: 'x',
          nickname: 'Shopper',
          groupId: group.id,
        }),
      );
      const note = await manager.save(manager.create(Note, { groupId: group.id, title: 'List', isPrivate: false }));
      return manager.create(ShoppingTrip, { groupId: group.id, noteId: note.id, shopperId: shopper.id, storeName: 'REWE' });
    },
    mutate: (trip: ShoppingTrip) => {
      trip.storeName = 'Billa';
      return { storeName: { old: 'REWE', new: 'Billa' } };
    },
  },
};

/** A group with the Budget module, an account and a category: the parents of budget rows. */
async function budgetParents(manager: EntityManager) {
  const group = await manager.save(manager.create(Group, { name: `Audit budget ${++counter}`, currency: 'EUR', modules: ['Budget'] }));
  const account = await manager.save(manager.create(BudgetAccount, { groupId: group.id, name: 'Wallet', isDefault: true }));
  const category = await manager.save(manager.create(Category, { groupId: group.id, name: 'Food', color: '#112233', icon: 'Cart', order: 1 }));
  return { group, account, category };
}

Object.assign(FIXTURES, {
  Category: {
    build: async (manager) => {
      const { group } = await budgetParents(manager);
      return manager.create(Category, { groupId: group.id, name: 'Rent', color: '#AABBCC', icon: 'Home', order: 2 });
    },
    mutate: (category: Category) => {
      category.name = 'Housing';
      category.order = 1;
      return { name: { old: 'Rent', new: 'Housing' }, order: { old: 2, new: 1 } };
    },
  },
  BudgetAccount: {
    build: async (manager) => manager.create(BudgetAccount, { groupId: (await budgetParents(manager)).group.id, name: 'Savings' }),
    mutate: (account: BudgetAccount) => {
      account.name = 'Rainy day';
      account.isDisabled = true;
      return { name: { old: 'Savings', new: 'Rainy day' }, isDisabled: { old: false, new: true } };
    },
  },
  Transaction: {
    build: async (manager) => {
      const { group, account, category } = await budgetParents(manager);
      return manager.create(Transaction, {
        groupId: group.id,
        type: 'Expense',
        amount: '12.30',
        date: '2026-03-04',
        categoryId: category.id,
        budgetAccountId: account.id,
      });
    },
    mutate: (transaction: Transaction) => {
      transaction.amount = '20.00';
      transaction.description = 'Dinner';
      return { amount: { old: '12.30', new: '20.00' }, description: { old: null, new: 'Dinner' } };
    },
  },
  RecurringTransaction: {
    build: async (manager) => {
      const { group, account, category } = await budgetParents(manager);
      return manager.create(RecurringTransaction, {
        groupId: group.id,
        type: 'Expense',
        amount: '9.99',
        categoryId: category.id,
        budgetAccountId: account.id,
        frequency: 'Monthly',
        startDate: '2026-01-31',
        nextOccurrence: '2026-01-31',
      });
    },
    mutate: (recurring: RecurringTransaction) => {
      recurring.isEnabled = false;
      recurring.nextOccurrence = '2026-02-28'; // the scheduler's cursor: ignored by the audit
      return { isEnabled: { old: true, new: false } };
    },
  },
  Notification: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit notifications ${++counter}`, currency: 'EUR', modules: ['Notes'] }));
      const user = await manager.save(
        manager.create(User, { username: `notified${counter}`, email: `notified${counter}@example.test`, passwordHash: 'x', nickname: 'N', groupId: group.id }),
      );
      return manager.create(Notification, {
        id: newId(),
        recipientId: user.id,
        groupId: group.id,
        kind: 'NoteReminder',
        occurrenceKey: `audit:${counter}`,
        title: 'Reminder: Keys',
        body: 'Time to look at “Keys”.',
        dueDate: new Date(),
      });
    },
    mutate: (notification: Notification) => {
      notification.readAt = new Date('2026-05-01T10:00:00.000Z');
      notification.late = true; // bookkeeping of its delivery: ignored by the audit
      return { readAt: { old: null, new: '2026-05-01T10:00:00.000Z' } };
    },
  },
  Settlement: {
    build: async (manager) => {
      const { group } = await budgetParents(manager);
      return manager.create(Settlement, { groupId: group.id, fromUserId: newId(), toUserId: newId(), amount: '14.00', date: '2026-03-01' });
    },
    mutate: (settlement: Settlement) => {
      settlement.amount = '15.50';
      settlement.note = 'Cash';
      return { amount: { old: '14.00', new: '15.50' }, note: { old: null, new: 'Cash' } };
    },
  },
  SplitSettings: {
    build: async (manager) => {
      const { group } = await budgetParents(manager);
      return manager.create(SplitSettings, { groupId: group.id, sharedByDefault: false, mode: 'equal', weights: [], units: [] });
    },
    mutate: (settings: SplitSettings) => {
      settings.sharedByDefault = true;
      settings.weights = [{ userId: '01a21c8c-0000-7000-8000-000000000001', weight: '1' }];
      return {
        sharedByDefault: { old: false, new: true },
        weights: { old: [], new: [{ userId: '01a21c8c-0000-7000-8000-000000000001', weight: '1' }] },
      };
    },
  },
  CalendarEvent: {
    build: async (manager) => calendarEvent(manager),
    mutate: (event: CalendarEvent) => {
      event.title = 'Football training';
      event.exdates = ['2026-10-10T08:00:00Z'];
      event.version += 1; // bookkeeping: ignored by the audit
      return { title: { old: 'Football', new: 'Football training' }, exdates: { old: [], new: ['2026-10-10T08:00:00Z'] } };
    },
  },
  CalendarEventException: {
    build: async (manager) => {
      const event = await manager.save(await calendarEvent(manager));
      return manager.create(CalendarEventException, {
        groupId: event.groupId,
        eventId: event.id,
        originalStart: '2026-10-17T08:00:00Z',
        title: 'Football',
        startValue: '2026-10-18T08:00:00Z',
        endValue: '2026-10-18T09:00:00Z',
        color: '#2563EB',
        rangeStart: new Date('2026-10-18T08:00:00Z'),
        rangeEnd: new Date('2026-10-18T09:00:00Z'),
      });
    },
    mutate: (exception: CalendarEventException) => {
      exception.title = 'Football (Sunday)';
      return { title: { old: 'Football', new: 'Football (Sunday)' } };
    },
  },
  CalendarSubscription: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit outside ${++counter}`, currency: 'EUR', modules: ['Calendar'] }));
      return manager.create(CalendarSubscription, {
        id: newId(),
        groupId: group.id,
        url: 'https://school.example/holidays.ics',
        name: 'School',
        color: '#16A34A',
      });
    },
    mutate: (subscription: CalendarSubscription) => {
      subscription.name = 'School holidays';
      // the fetch's bookkeeping: ignored by the audit
      Object.assign(subscription, { lastError: 'no answer within 10 seconds', lastErrorCode: 'TIMED_OUT', lastErrorParams: { seconds: 10 } });
      return { name: { old: 'School', new: 'School holidays' } };
    },
  },
  CalendarFeed: {
    build: async (manager) => {
      const group = await manager.save(manager.create(Group, { name: `Audit feed ${++counter}`, currency: 'EUR', modules: ['Calendar'] }));
      const user = await manager.save(
        manager.create(User, { username: `feeder${counter}`, email: `feeder${counter}@example.test`, passwordHash: 'x', nickname: 'F', groupId: group.id }),
      );
      return manager.create(CalendarFeed, {
        id: newId(),
        userId: user.id,
        groupId: group.id,
        name: 'Phone',
        layers: ['events'],
        onlyMine: false,
        tokenHash: 'a'.repeat(64),
      });
    },
    mutate: (feed: CalendarFeed) => {
      feed.onlyMine = true;
      return { onlyMine: { old: false, new: true } };
    },
  },
} satisfies Record<string, Fixture>);

/** A weekly event of a group with the Calendar module. */
async function calendarEvent(manager: EntityManager): Promise<CalendarEvent> {
  const group = await manager.save(manager.create(Group, { name: `Audit calendar ${++counter}`, currency: 'EUR', modules: ['Calendar'] }));
  const id = newId();
  return manager.create(CalendarEvent, {
    id,
    groupId: group.id,
    uid: `${id}@hearth`,
    title: 'Football',
    allDay: false,
    startValue: '2026-10-03T08:00:00Z',
    endValue: '2026-10-03T09:00:00Z',
    timeZone: 'Europe/Berlin',
    rrule: 'FREQ=WEEKLY;BYDAY=SA',
    exdates: [],
    attendeeIds: null,
    color: '#2563EB',
    isPrivate: false,
    reminders: [],
    rangeStart: new Date('2026-10-03T08:00:00Z'),
    rangeEnd: null,
  });
}

/** A value of the column's type, for bulk statements that must be refused before they run. */
function firstColumn(metadata: EntityMetadata): Record<string, unknown> {
  const column = metadata.columns.find((c) => !c.isPrimary && !c.isCreateDate && !c.isUpdateDate && !c.isDeleteDate)!;
  return { [column.propertyName]: null };
}

describe('every @Audited entity writes action history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const audited: [string, AuditedEntity][] = [...AUDITED_ENTITIES.values()].map((a) => [a.entityType, a]);
  const historyOf = (id: string) =>
    t.db.query('SELECT action, changes, user_id, user_nickname, group_id, admin_only FROM action_histories WHERE entity_id = $1 ORDER BY id', [id]);

  it('finds the audited entities and maps each one', () => {
    expect(audited.map(([type]) => type)).toEqual(expect.arrayContaining(['User', 'Group']));
    for (const [type, { target, options }] of audited) {
      const metadata = t.db.getMetadata(target);
      expect(ENTITIES).toContain(target);
      // a row without a group is invisible to everyone: the entity needs groupOf or a groupId column
      expect([type, !!(options.groupOf || metadata.findColumnWithPropertyName('groupId'))]).toEqual([type, true]);
    }
  });

  it('audits every entity that holds tenant data (a groupId column)', () => {
    const missing = t.db.entityMetadatas
      .filter((m) => m.findColumnWithPropertyName('groupId') && !AUDITED_ENTITIES.has(m.target as Function))
      .map((m) => (m.target as Function).name)
      .filter((name) => !(name in NOT_AUDITED));
    // mark these @Audited, or list them in NOT_AUDITED with the reason
    expect(missing).toEqual([]);
  });

  describe.each(audited)('%s', (type, { target }) => {
    it('refuses bulk writes that would bypass the history', async () => {
      const metadata = t.db.getMetadata(target);
      const id = newId();
      await t.db.transaction(async (manager) => {
        const repository = manager.getRepository(target);
        await expect(repository.update({ id }, firstColumn(metadata))).rejects.toThrow(UnauditedWriteError);
        await expect(repository.delete({ id })).rejects.toThrow(UnauditedWriteError);
        await expect(manager.createQueryBuilder().update(target).set(firstColumn(metadata)).where('id = :id', { id }).execute()).rejects.toThrow(
          UnauditedWriteError,
        );
        await expect(manager.createQueryBuilder().delete().from(target).where('id = :id', { id }).execute()).rejects.toThrow(UnauditedWriteError);
        if (metadata.deleteDateColumn) {
          await expect(repository.softDelete({ id })).rejects.toThrow(UnauditedWriteError);
          await expect(repository.restore({ id })).rejects.toThrow(UnauditedWriteError);
        }
      });
    });

    const fixture = FIXTURES[type];
    it('has a fixture here, so its full create/update/delete check runs', () => {
      expect([type, !!fixture]).toEqual([type, true]);
    });
    (fixture ? it : it.skip)('writes Created, Updated and Deleted rows in the same transaction as the change', async () => {
      const actor = { userId: newId(), nickname: 'Auditor' };
      const id = await runAs(actor, () =>
        t.db.transaction(async (manager) => {
          const entity = await manager.save(await fixture.build(manager));
          return entity.id as string;
        }),
      );
      const created = await historyOf(id);
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({ action: 'Created', user_id: actor.userId, user_nickname: 'Auditor' });
      expect(created[0].group_id).toBeTruthy();
      expect(Object.keys(created[0].changes).length).toBeGreaterThan(0);
      for (const change of Object.values<any>(created[0].changes)) expect(change.old).toBeNull();

      // outside any request: the system acts
      let expected: Record<string, unknown> = {};
      await t.db.transaction(async (manager) => {
        const entity = await manager.findOneByOrFail(target, { id });
        expected = fixture.mutate(entity);
        await manager.save(entity);
      });
      const updated = (await historyOf(id))[1];
      expect(updated).toMatchObject({ action: 'Updated', user_id: null, user_nickname: 'System' });
      expect(updated.changes).toEqual(expected);

      await t.db.transaction(async (manager) => {
        await manager.remove(await manager.findOneByOrFail(target, { id }));
      });
      const rows = await historyOf(id);
      expect(rows.map((r: { action: string }) => r.action)).toEqual(['Created', 'Updated', 'Deleted']);
      expect(await t.db.getRepository(target).findOneBy({ id })).toBeNull();
    });

    (fixture ? it : it.skip)('leaves neither the change nor a history row when the transaction rolls back', async () => {
      let id = '';
      await expect(
        t.db.transaction(async (manager) => {
          const entity = await manager.save(await fixture.build(manager));
          id = entity.id;
          expect(await manager.query('SELECT 1 FROM action_histories WHERE entity_id = $1', [id])).toHaveLength(1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(id).not.toBe('');
      expect(await t.db.getRepository(target).findOneBy({ id })).toBeNull();
      expect(await historyOf(id)).toEqual([]);
    });
  });

  it('a failing statement after an audited change rolls both back (unique name)', async () => {
    const name = `Unique ${newId()}`;
    await t.db.manager.save(t.db.manager.create(Group, { name, currency: 'EUR', modules: [] }));
    let firstId = '';
    await expect(
      t.db.transaction(async (manager) => {
        firstId = (await manager.save(manager.create(Group, { name: `${name} other`, currency: 'EUR', modules: [] }))).id;
        await manager.save(manager.create(Group, { name: name.toUpperCase(), currency: 'EUR', modules: [] }));
      }),
    ).rejects.toThrow();
    expect(await historyOf(firstId)).toEqual([]);
    expect(await t.db.query('SELECT id FROM groups WHERE id = $1', [firstId])).toEqual([]);
  });

  it('never stores a secret: password hashes show as [redacted] and appear nowhere', async () => {
    const first = bcrypt.hashSync('first-password', 4);
    const second = bcrypt.hashSync('second-password', 4);
    const id = await t.db.transaction(async (manager) => {
      const user = await FIXTURES.User.build(manager);
      user.passwordHash = first;
      return (await manager.save(user)).id as string;
    });
    await t.db.transaction(async (manager) => {
      const user = await manager.findOneByOrFail(User, { id });
      user.passwordHash = second;
      await manager.save(user);
    });
    const rows = await historyOf(id);
    expect(rows[0].changes.passwordHash).toEqual({ old: null, new: '[redacted]' });
    expect(rows[1].changes).toEqual({ passwordHash: { old: '[redacted]', new: '[redacted]' } });
    const leaks = await t.db.query(
      `SELECT id FROM action_histories WHERE changes::text LIKE '%' || $1 || '%' OR changes::text LIKE '%' || $2 || '%' OR changes::text ~ '\\$2[aby]\\$'`,
      [first, second],
    );
    expect(leaks).toEqual([]);
  });
});
