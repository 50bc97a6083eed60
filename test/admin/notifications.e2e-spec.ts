import { EntityManager } from 'typeorm';
import { AccountNotifier } from '../../src/modules/admin/account-notifier.port';
import { PENDING_REMINDER_CRON, PENDING_REMINDER_QUEUE, PendingApprovalsReminder } from '../../src/modules/admin/pending-approvals.reminder';
import { createTestApp, TestApp } from '../support/app';
import { createUser, LoggedIn, signedInUser, TestUser } from '../support/factories';
import { startMailServer, TestMailServer } from '../support/mail';

/**
 * Approval, decline and the daily reminder go through the AccountNotifier port (the mail side).
 * The port is observed, not replaced: the calls, their arguments and their transaction are asserted.
 */
describe('registration notifications and the daily pending-approval reminder', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;
  let notifier: AccountNotifier;
  const calls: { method: string; userId: string; inTransaction: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
    notifier = t.app.get(AccountNotifier);
    for (const method of ['registrationApproved', 'registrationDeclined'] as const) {
      jest.spyOn(notifier, method).mockImplementation(async (userId: string, manager: EntityManager) => {
        calls.push({ method, userId, inTransaction: !!manager.queryRunner?.isTransactionActive });
      });
    }
  });
  afterEach(() => {
    calls.length = 0;
  });
  afterAll(() => t.close());

  const setStatus = (userId: string, status: string) => t.api('PATCH', `/users/${userId}/status`, { token: admin.accessToken, payload: { status } });

  it('notifies the user of an approval, inside the status change transaction', async () => {
    const user = await createUser(t, { status: 'Pending' });
    expect((await setStatus(user.id, 'Active')).statusCode).toBe(200);
    expect(calls).toEqual([{ method: 'registrationApproved', userId: user.id, inTransaction: true }]);
  });

  it('notifies the user of a decline, and of an approval after a decline', async () => {
    const user = await createUser(t, { status: 'Pending' });
    await setStatus(user.id, 'Declined');
    await setStatus(user.id, 'Active');
    expect(calls.map((c) => [c.method, c.userId])).toEqual([
      ['registrationDeclined', user.id],
      ['registrationApproved', user.id],
    ]);
  });

  it('sends nothing on deactivation, reactivation or a refused move', async () => {
    const user = await createUser(t);
    await setStatus(user.id, 'Deactivated');
    await setStatus(user.id, 'Active');
    await setStatus(user.id, 'Declined');
    expect(calls).toEqual([]);
  });

  it('reminds every Active admin of the confirmed registrations awaiting approval', async () => {
    const reminder = t.app.get(PendingApprovalsReminder);
    const remind = jest.spyOn(notifier, 'remindPendingApprovals').mockResolvedValue();
    await t.db.query(`UPDATE users SET status = 'Active' WHERE status = 'Pending'`);
    expect(await reminder.run()).toBe(0);
    expect(remind).not.toHaveBeenCalled();

    const waiting = await createUser(t, { status: 'Pending', groupId: null });
    await createUser(t, { status: 'Pending', emailStatus: 'Unconfirmed' });
    await createUser(t, { role: 'Admin', status: 'Deactivated' });
    expect(await reminder.run()).toBe(1);
    expect(remind).toHaveBeenCalledTimes(1);
    const [admins, pending] = remind.mock.calls[0];
    expect(admins.map((a) => a.id)).toEqual([admin.id]);
    expect(pending).toEqual([expect.objectContaining({ id: waiting.id, username: waiting.username, email: waiting.email })]);
  });

  it('runs the reminder as a daily job', async () => {
    const withJobs = await createTestApp({ JOBS_ENABLED: 'true' });
    try {
      const schedules = await withJobs.db.query('SELECT name, cron FROM pgboss.schedule');
      expect(schedules).toContainEqual({ name: PENDING_REMINDER_QUEUE, cron: PENDING_REMINDER_CRON });
    } finally {
      await withJobs.close();
    }
  });
});

describe('registration notifications by mail', () => {
  let mail: TestMailServer;
  let t: TestApp;
  let admin: TestUser & LoggedIn;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ ...mail.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500' });
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('mails the user when an admin approves or declines the registration', async () => {
    const approved = await createUser(t, { status: 'Pending' });
    const declined = await createUser(t, { status: 'Pending' });
    const patch = (userId: string, status: string) => t.api('PATCH', `/users/${userId}/status`, { token: admin.accessToken, payload: { status } });
    expect((await patch(approved.id, 'Active')).statusCode).toBe(200);
    expect((await patch(declined.id, 'Declined')).statusCode).toBe(200);

    const yes = await mail.waitForMail(approved.email, { subject: /approved/ });
    expect(yes.text).toContain(approved.nickname);
    expect(yes.text).toContain('sign in');
    const no = await mail.waitForMail(declined.email, { subject: /declined/ });
    expect(no.text).toContain(declined.nickname);
    expect(mail.mailsTo(approved.email)).toHaveLength(1);
  });

  it('sends nothing when the status change is refused', async () => {
    const user = await createUser(t);
    const refused = await t.api('PATCH', `/users/${user.id}/status`, { token: admin.accessToken, payload: { status: 'Pending' } });
    expect(refused.statusCode).toBe(409);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'mail-send' AND data->>'to' = $1`, [user.email]);
    expect(count).toBe(0);
  });
});
