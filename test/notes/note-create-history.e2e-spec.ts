import { runAs } from '../../src/common/http/request-context.module';
import { Note } from '../../src/modules/notes/entities/note.entity';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { createNote, historyOf } from './notes-support';

/**
 * POST /notes inserts the note and its history row with its own fixed SQL (notes.sql.ts) instead of
 * a TypeORM save: the row must be exactly the one the history subscriber writes, in the same
 * transaction as the note.
 */
describe('notes: the history row of a created note', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t, { modules: ['Notes'] });
  });
  afterAll(() => t.close());

  /** The history row the subscriber writes when the same note is saved through TypeORM by the same user. */
  async function subscriberRow(values: Partial<Note>): Promise<any> {
    const saved = await runAs({ userId: user.id, nickname: user.nickname }, () =>
      t.db.getRepository(Note).save(Object.assign(new Note(), { groupId: user.groupId, createdBy: user.id, isPinned: false, ...values })),
    );
    const [row] = await historyOf(t, saved.id);
    return row;
  }

  // each row has its own place in the order of all rows (seq)
  const comparable = ({ id: _id, entity_id: _entity, created_date: _created, seq: _seq, tx: _tx, ...rest }: any) => rest;

  it.each([
    ['shared, defaults', { title: 'Groceries' }, { title: 'Groceries', content: null, color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false }],
    [
      'private, every field',
      { title: 'Diary', content: 'Dear diary', color: '#a1b2c3', icon: 'Book', isPrivate: true },
      { title: 'Diary', content: 'Dear diary', color: '#A1B2C3', icon: 'Book', isPrivate: true },
    ],
  ])('%s: the same row as the subscriber writes, dated with the note', async (_case, payload, values) => {
    const note = await createNote(t, user.accessToken, payload);
    const rows = await historyOf(t, note.id);
    expect(rows).toHaveLength(1);
    expect(comparable(rows[0])).toEqual(comparable(await subscriberRow(values)));
    expect(rows[0]).toMatchObject({ entity_id: note.id, private_to_user_id: values.isPrivate ? user.id : null });
    const [{ created_date }] = await t.db.query('SELECT created_date FROM notes WHERE id = $1', [note.id]);
    expect(rows[0].created_date).toEqual(created_date);
  });

  it('writes neither the note nor its history when the history row fails', async () => {
    await t.db.query(`CREATE FUNCTION fail_note_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.entity_type = 'Note' THEN RAISE EXCEPTION 'history refused'; END IF; RETURN NEW; END $$`);
    await t.db.query('CREATE TRIGGER fail_note_history BEFORE INSERT ON action_histories FOR EACH ROW EXECUTE FUNCTION fail_note_history()');
    try {
      const before = await t.db.query('SELECT count(*)::int AS n FROM notes WHERE group_id = $1', [user.groupId]);
      const response = await t.api('POST', '/notes', { token: user.accessToken, payload: { title: 'Half written?' } });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(await t.db.query('SELECT count(*)::int AS n FROM notes WHERE group_id = $1', [user.groupId])).toEqual(before);
    } finally {
      await t.db.query('DROP TRIGGER fail_note_history ON action_histories');
      await t.db.query('DROP FUNCTION fail_note_history()');
    }
    expect((await t.api('POST', '/notes', { token: user.accessToken, payload: { title: 'Fine again' } })).statusCode).toBe(201);
  });
});
