import { randomUUID } from 'node:crypto';
import { Clock } from '../../src/common/clock/clock';
import type { AppConfig } from '../../src/config/app-config';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import type { RateLimitStore } from '../../src/infrastructure/rate-limit/rate-limit.store';
import { NoteItemsService } from '../../src/modules/notes/note-items.service';
import { NoteRemindersRepository } from '../../src/modules/notes/note-reminders.repository';
import { NotesRepository } from '../../src/modules/notes/notes.repository';
import { NotesService } from '../../src/modules/notes/notes.service';
import { ShoppingRepository } from '../../src/modules/notes/shopping/shopping.repository';
import { ShoppingService } from '../../src/modules/notes/shopping/shopping.service';
import type { InstantNotices } from '../../src/modules/notifications/instant-notices';
import { createServiceDb, ServiceDb } from '../support/service-db';

/** Service level: a note's item order (0..n-1, no gaps) through the services on the real repositories. */
describe('note items: order', () => {
  let s: ServiceDb;
  let notes: NotesService;
  let items: NoteItemsService;
  let sql: Sql;
  const user = { groupId: randomUUID(), userId: randomUUID() } as any;

  beforeAll(async () => {
    s = await createServiceDb();
    sql = new Sql({ databaseUrl: s.url, databaseTimeoutMs: 5000 } as AppConfig);
    const unit = new UnitOfWork(s.db);
    const repository = new NotesRepository(s.db, sql, unit);
    const shoppingRows = new ShoppingRepository(sql, unit);
    // plain lists only here: no trip is started, so nobody is ever told anything
    const shopping = new ShoppingService(unit, shoppingRows, repository, {} as InstantNotices, new Clock());
    notes = new NotesService(unit, repository, new NoteRemindersRepository(sql), new Clock(), shopping);
    // toggles are not rate limited here (RATE_LIMIT_ENABLED=false), so the store is never asked
    items = new NoteItemsService(unit, repository, {} as RateLimitStore, { rateLimit: { enabled: false } } as AppConfig, shopping, shoppingRows);
    await s.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Family', 'EUR', '{Notes}')`, [user.groupId]);
    await s.db.query(
      `INSERT INTO users (id, username, email, password_hash, nickname, role, status, email_status, group_id)
       VALUES ($1, 'member', 'member@example.org', 'x', 'M', 'User', 'Active', 'Confirmed', $2)`,
      [user.userId, user.groupId],
    );
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    await s.close();
  });

  const order = async (noteId: string) => (await notes.get(user, noteId)).items.map((item) => [item.text, item.order, item.isCompleted]);

  it('adds after the last open item, toggles, removes without gaps, and reorders exactly', async () => {
    const { value: note } = await notes.create(user, { title: 'Shopping' } as any);
    const { value: milk } = await items.add(user, note.id, { text: 'milk' } as any);
    await items.add(user, note.id, { text: 'eggs' } as any);
    // typed in order, kept in order
    expect(await order(note.id)).toEqual([
      ['milk', 0, false],
      ['eggs', 1, false],
    ]);
    await items.toggle(user, note.id, milk.id);
    // a new item goes after the last open one, completed ones keep their place
    await items.add(user, note.id, { text: 'bread' } as any);
    expect(await order(note.id)).toEqual([
      ['milk', 0, true],
      ['eggs', 1, false],
      ['bread', 2, false],
    ]);
    const all = (await notes.get(user, note.id)).items;
    await items.remove(user, note.id, all[1].id);
    expect(await order(note.id)).toEqual([
      ['milk', 0, true],
      ['bread', 1, false],
    ]);
    const reordered = await items.reorder(user, note.id, [all[2].id, all[0].id]);
    expect(reordered.map((item) => item.text)).toEqual(['bread', 'milk']);
    expect(await order(note.id)).toEqual([
      ['bread', 0, false],
      ['milk', 1, true],
    ]);
    // a new item lands above completed ones that follow the last open one
    await items.add(user, note.id, { text: 'jam' } as any);
    expect(await order(note.id)).toEqual([
      ['bread', 0, false],
      ['jam', 1, false],
      ['milk', 2, true],
    ]);
    await expect(items.reorder(user, note.id, [all[2].id])).rejects.toMatchObject({ status: 400, code: 'INVALID_ORDER' });
    await expect(items.reorder(user, note.id, [all[2].id, all[2].id])).rejects.toMatchObject({ status: 400, code: 'INVALID_ORDER' });
  });

  it("answers 404 for another member's private note and for an item of another note", async () => {
    const other = { groupId: user.groupId, userId: randomUUID() } as any;
    const { value: secret } = await notes.create(user, { title: 'Mine', isPrivate: true } as any);
    await expect(items.add(other, secret.id, { text: 'x' } as any)).rejects.toMatchObject({ status: 404 });
    const { value: a } = await notes.create(user, { title: 'A' } as any);
    const { value: b } = await notes.create(user, { title: 'B' } as any);
    const { value: item } = await items.add(user, a.id, { text: 'in A' } as any);
    await expect(items.toggle(user, b.id, item.id)).rejects.toMatchObject({ status: 404 });
  });
});
