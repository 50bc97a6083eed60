import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { addItem, createNote } from './notes-support';

describe('toggle rate limit (120 / 60 s per user)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('answers the 121st toggle within a minute with 429 and Retry-After, for that user only', async () => {
    const user = await signedInUser(t, { modules: ['Notes'] });
    const other = await signedInUser(t, { groupId: user.groupId! });
    const note = await createNote(t, user.accessToken);
    const item = await addItem(t, user.accessToken, note.id);
    const toggle = (token: string) => t.api('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { token });

    for (let i = 1; i <= 120; i++) {
      const response = await toggle(user.accessToken);
      if (response.statusCode !== 200) throw new Error(`toggle ${i}: ${response.statusCode} ${response.body}`);
    }
    const limited = await toggle(user.accessToken);

    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // the refused toggle changed nothing: 120 flips leave the item as it was
    const [row] = await t.db.query('SELECT is_completed FROM note_items WHERE id = $1', [item.id]);
    expect(row.is_completed).toBe(false);
    const [{ n }] = await t.db.query("SELECT count(*)::int AS n FROM action_histories WHERE entity_id = $1 AND action = 'Updated'", [item.id]);
    expect(n).toBe(120);

    expect((await toggle(other.accessToken)).statusCode).toBe(200);
    // other item routes are not limited
    const edit = await t.api('PUT', `/notes/${note.id}/items/${item.id}`, { token: user.accessToken, payload: { text: 'still editable' } });
    expect(edit.statusCode).toBe(200);
  });
});
