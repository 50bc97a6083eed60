import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { createUser, login } from '../support/factories';
import { startMailServer, TestMailServer, tokenFromMail } from '../support/mail';

/** docs/accounts.md, Housekeeping: the daily tasks, each run with a controlled clock. */
describe('housekeeping', () => {
  let mail: TestMailServer;
  let t: TestApp;
  let housekeeping: HousekeepingService;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...ACCOUNT_ENV, ...mail.env, UNCONFIRMED_WARN_DAYS: '5', UNCONFIRMED_EXPIRE_DAYS: '7' });
    housekeeping = t.app.get(HousekeepingService);
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const ageUser = (id: string, days: number) => t.db.query(`UPDATE users SET created_date = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);
  const exists = async (table: string, id: string) => (await t.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length === 1;

  it('schedules every task daily as its own queue, so one failing task does not stop the others', async () => {
    const schedules = await t.db.query(`SELECT name, cron FROM pgboss.schedule WHERE name LIKE 'housekeeping-%' ORDER BY name`);
    expect(schedules.map((row: { name: string }) => row.name)).toEqual([
      'housekeeping-balances',
      'housekeeping-captchas',
      'housekeeping-files',
      'housekeeping-imports',
      'housekeeping-notifications',
      'housekeeping-sessions',
      'housekeeping-tokens',
      'housekeeping-unconfirmed',
    ]);
    for (const { cron } of schedules) expect(cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it('removes expired sessions and those revoked more than a day ago', async () => {
    const user = await createUser(t);
    const [live, expired, revokedLongAgo, revokedJustNow] = [await login(t, user), await login(t, user), await login(t, user), await login(t, user)].map(
      (session) => session.claims.SessionId,
    );
    await t.db.query(`UPDATE sessions SET expires_date = now() - interval '1 minute' WHERE id = $1`, [expired]);
    await t.db.query(`UPDATE sessions SET revoked_date = now() - interval '2 days' WHERE id = $1`, [revokedLongAgo]);
    await t.db.query(`UPDATE sessions SET revoked_date = now() WHERE id = $1`, [revokedJustNow]);

    await housekeeping.runTask('housekeeping-sessions', new Date());
    expect(await exists('sessions', live)).toBe(true);
    expect(await exists('sessions', expired)).toBe(false);
    expect(await exists('sessions', revokedLongAgo)).toBe(false);
    expect(await exists('sessions', revokedJustNow)).toBe(true);
  });

  it('warns unconfirmed registrations once after 5 days with a working link, and removes them after 7', async () => {
    const warned = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Pending', groupId: null });
    const expiring = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Pending', groupId: null });
    const young = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Pending', groupId: null });
    const approved = await createUser(t, { emailStatus: 'Unconfirmed', status: 'Active' });
    await ageUser(warned.id, 6);
    await ageUser(expiring.id, 8);
    await ageUser(young.id, 2);
    await ageUser(approved.id, 30);

    const now = new Date();
    expect(await housekeeping.runTask('housekeeping-unconfirmed', now)).toEqual({ warned: 1, removed: 1 });
    expect(await exists('users', expiring.id)).toBe(false);
    expect(await exists('users', warned.id)).toBe(true);
    expect(await exists('users', young.id)).toBe(true);
    expect(await exists('users', approved.id)).toBe(true);
    const [deletion] = await t.db.query(`SELECT action, user_nickname, admin_only FROM action_histories WHERE entity_id = $1`, [expiring.id]);
    expect(deletion).toEqual({ action: 'Deleted', user_nickname: 'System', admin_only: true });

    const warning = await mail.waitForMail(warned.email);
    expect(warning.subject).toBe('Please confirm your email address');
    // the removal day, written as the recipient's language writes dates (English: "November 28, 2026")
    const removal = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + 86_400_000));
    expect(warning.text).toContain(`removed on ${removal}.`);
    // the next day's run does not warn again
    expect(await housekeeping.runTask('housekeeping-unconfirmed', new Date(now.getTime() + 3_600_000))).toEqual({ warned: 0, removed: 0 });

    const confirmed = await t.api('PATCH', '/account/email/confirm', { payload: { token: tokenFromMail(warning, 'confirm-email') } });
    expect(confirmed.statusCode).toBe(200);
    expect(mail.mailsTo(young.email)).toHaveLength(0);
  });

  it('forgets redeemed CAPTCHA signatures and tokens once they can no longer be used', async () => {
    const user = await createUser(t);
    await t.db.query(
      `INSERT INTO used_captchas (signature, expires_date) VALUES ('old-sig', now() - interval '1 minute'), ('new-sig', now() + interval '5 minutes')`,
    );
    await t.db.query(
      `INSERT INTO account_tokens (id, user_id, purpose, token_hash, created_date, expires_date)
       VALUES (gen_random_uuid(), $1, 'PasswordReset', repeat('a', 64), now() - interval '3 days', now() - interval '2 days'),
              (gen_random_uuid(), $1, 'PasswordReset', repeat('b', 64), now(), now() + interval '1 hour')`,
      [user.id],
    );
    expect(await housekeeping.runTask('housekeeping-captchas', new Date())).toBe(1);
    expect(await housekeeping.runTask('housekeeping-tokens', new Date())).toBe(1);
    expect((await t.db.query('SELECT signature FROM used_captchas')).map((row: { signature: string }) => row.signature)).toEqual(['new-sig']);
    expect(await t.db.query('SELECT token_hash FROM account_tokens WHERE user_id = $1', [user.id])).toEqual([{ token_hash: 'b'.repeat(64) }]);
  });

  it('runs the pending-files task (details in test/files)', async () => {
    expect(await housekeeping.runTask('housekeeping-files', new Date())).toEqual({ removed: 0, failed: 0, uploads: 0 });
  });
});
