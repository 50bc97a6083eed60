import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { Notifier } from '../../src/modules/notifications/notifier.service';
import { createTestApp, TestApp } from '../support/app';
import { login, signedInUser } from '../support/factories';
import { settings, subscribe } from './notify-support';
import { startPushService, PushService, type FakeDevice } from './push-service';

/** How many push subscriptions a member may have, and how long one lives: as long as its session. */
describe('Push subscriptions: limits and sessions', () => {
  let t: TestApp;
  let push: PushService;

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp({ NOTIFY_ALLOW_PRIVATE_URLS: 'true', NOTIFY_TICK_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const endpoints = async (token: string) => (await t.api('GET', '/push-subscriptions', { token })).json().map((s: { endpoint: string }) => s.endpoint);

  async function subscribeWith(token: string, device: FakeDevice): Promise<void> {
    const response = await t.api('POST', '/push-subscriptions', { token, payload: { endpoint: device.endpoint, keys: device.keys } });
    expect(response.statusCode).toBe(201);
  }

  /** A notification to `userId` delivered by hand (no workers here). */
  async function deliverTo(userId: string, groupId: string, key: string): Promise<void> {
    const [row] = await t.db.query(
      `INSERT INTO notifications (id, recipient_id, group_id, kind, occurrence_key, title, body, due_date)
       VALUES (gen_random_uuid(), $1, $2, 'NoteReminder', $3, 'Reminder: Keys', 'Time to look at “Keys”.', now()) RETURNING id`,
      [userId, groupId, key],
    );
    await t.app.get(Notifier).deliver(row.id);
  }

  it('keeps at most 10 subscriptions a member: the 11th removes the oldest', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const theirs = push.device();
    await subscribe(t, other, theirs);
    const devices = Array.from({ length: 11 }, () => push.device());
    for (const device of devices) await subscribe(t, user, device);
    expect(await endpoints(user.accessToken)).toEqual(devices.slice(1).map((d) => d.endpoint));
    // the same device again is a renewal, not a new one: nothing more goes
    const again = await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint: devices[5].endpoint, keys: devices[5].keys } });
    expect(again.statusCode).toBe(200);
    expect(await endpoints(user.accessToken)).toHaveLength(10);
    expect(await endpoints(other.accessToken)).toEqual([theirs.endpoint]);
  });

  it('ends a subscription when its device signs out', async () => {
    const user = await signedInUser(t);
    const laptop = await login(t, user);
    await subscribeWith(laptop.accessToken, push.device());
    expect((await t.api('DELETE', '/session', { token: laptop.accessToken, cookies: { refresh_token: laptop.refreshToken } })).statusCode).toBe(204);
    expect(await endpoints(user.accessToken)).toEqual([]);
  });

  it('ends a subscription when its session is revoked from another device, and with "sign out everywhere"', async () => {
    const user = await signedInUser(t);
    const [laptop, tablet] = [await login(t, user), await login(t, user)];
    const kept = push.device();
    await subscribeWith(laptop.accessToken, push.device());
    await subscribeWith(tablet.accessToken, push.device());
    await subscribeWith(user.accessToken, kept);
    expect((await t.api('DELETE', `/sessions/${laptop.claims.SessionId}`, { token: user.accessToken })).statusCode).toBe(204);
    expect(await endpoints(user.accessToken)).toHaveLength(2);
    expect((await t.api('DELETE', '/sessions?keepCurrent=true', { token: user.accessToken })).statusCode).toBe(204);
    expect(await endpoints(user.accessToken)).toEqual([kept.endpoint]);
  });

  it('ends a subscription when its session expires: not listed, nothing pushed to it', async () => {
    const user = await signedInUser(t);
    await settings(t, user, { push: true });
    const phone = await login(t, user);
    const [expiring, staying] = [push.device(), push.device()];
    await subscribeWith(phone.accessToken, expiring);
    await subscribe(t, user, staying);
    await t.db.query(`UPDATE sessions SET expires_date = now() - interval '1 minute' WHERE id = $1`, [phone.claims.SessionId]);
    expect(await endpoints(user.accessToken)).toEqual([staying.endpoint]);
    await deliverTo(user.id, user.groupId!, 'after-expiry');
    expect([expiring.received.length, staying.received.length]).toEqual([0, 1]);
  });

  it('ends a subscription when housekeeping removes its session', async () => {
    const user = await signedInUser(t);
    const phone = await login(t, user);
    await subscribeWith(phone.accessToken, push.device());
    await t.db.query(`UPDATE sessions SET expires_date = now() - interval '1 minute' WHERE id = $1`, [phone.claims.SessionId]);
    await t.app.get(HousekeepingService).runTask('housekeeping-sessions', new Date());
    expect(await t.db.query(`SELECT id FROM sessions WHERE id = $1`, [phone.claims.SessionId])).toEqual([]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1`, [user.id]);
    expect(n).toBe(0);
  });
});
