import { createTestApp, TestApp } from '../support/app';
import { createUser, login, signedInUser } from '../support/factories';

/** Every limit and cooldown holds when the requests arrive at the same moment. */
describe('limits and cooldowns under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '10', EMAIL_COOLDOWN_SECONDS: '60' });
  });
  afterAll(() => t.close());

  const count = (values: number[], wanted: number) => values.filter((value) => value === wanted).length;

  it('ten simultaneous confirmation resends: exactly one mail, the rest 429 COOLDOWN', async () => {
    const user = await createUser(t, { emailStatus: 'ChangePending' });
    await t.db.query('UPDATE users SET pending_email = $1 WHERE id = $2', [`new-${user.email}`, user.id]);
    const { accessToken } = await login(t, user);
    // the per-IP limit (10 a minute) is not what answers here: nine of ten fit in it, one resend passes
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.api('POST', '/account/email/confirm/resend', { token: accessToken })));
    const statuses = responses.map((response) => response.statusCode);
    expect(count(statuses, 204)).toBe(1);
    expect(count(statuses, 429)).toBe(9);
    expect(responses.filter((r) => r.statusCode === 429).every((r) => r.json().code === 'COOLDOWN')).toBe(true);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM account_tokens WHERE user_id = $1 AND purpose = 'EmailConfirm'`, [user.id]);
    expect(n).toBe(1);
  });

  it('fifteen simultaneous requests from one IP: exactly ten pass the per-IP limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => t.api('POST', '/account/password/reset', { payload: { token: 'nope', newPassword: 'Brand-New-Secret-9' } })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(5);
  });

  it('130 simultaneous toggles of one user: exactly 120 pass', async () => {
    const user = await signedInUser(t, { modules: ['Notes'] });
    const note = (await t.api('POST', '/notes', { token: user.accessToken, payload: { title: 'Busy', isPrivate: false } })).json();
    const item = (await t.api('POST', `/notes/${note.id}/items`, { token: user.accessToken, payload: { text: 'flip' } })).json();
    const statuses = (
      await Promise.all(Array.from({ length: 130 }, () => t.api('PATCH', `/notes/${note.id}/items/${item.id}/toggle`, { token: user.accessToken })))
    ).map((response) => response.statusCode);
    expect(count(statuses, 200)).toBe(120);
    expect(count(statuses, 429)).toBe(10);
  });
});
