import { ReminderScheduler } from '../../src/modules/notifications/reminder-scheduler.service';
import type { TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import type { FakeDevice } from './push-service';

export type Member = Awaited<ReturnType<typeof signedInUser>>;

/** The environment of an app whose channels reach the fake push service and webhook receivers on 127.0.0.1. */
export const DELIVERY_ENV = { JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', NOTIFY_TICK_MS: '0', NOTIFY_ALLOW_PRIVATE_URLS: 'true' };

export async function settings(t: TestApp, user: Member, payload: Record<string, unknown>): Promise<void> {
  const response = await t.api('PUT', '/account/notification-settings', { token: user.accessToken, payload });
  if (response.statusCode !== 200) throw new Error(`settings: ${response.statusCode} ${response.body}`);
}

export async function subscribe(t: TestApp, user: Member, device: FakeDevice): Promise<string> {
  const response = await t.api('POST', '/push-subscriptions', { token: user.accessToken, payload: { endpoint: device.endpoint, keys: device.keys } });
  if (response.statusCode !== 201) throw new Error(`subscribe: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

export async function remind(t: TestApp, user: Member, noteId: string, payload: Record<string, unknown>): Promise<any> {
  const response = await t.api('PUT', `/notes/${noteId}/reminder`, { token: user.accessToken, payload });
  if (response.statusCode !== 200) throw new Error(`reminder: ${response.statusCode} ${response.body}`);
  return response.json().reminder;
}

export async function inbox(t: TestApp, user: Member): Promise<any> {
  return (await t.api('GET', '/notifications?pageSize=100', { token: user.accessToken })).json();
}

/** The scheduler of `t`, run at a chosen instant; the app's clock is left standing there (what the API answers next is as of then). */
export function runAt(t: TestApp, iso: string): Promise<number> {
  t.clock.set(iso);
  return t.app.get(ReminderScheduler).runDue(new Date(iso));
}

/** Waits until nothing is left to deliver (every delivery job of the app's database settled). */
export async function deliveriesSettled(t: TestApp, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ open }] = await t.db.query(
      `SELECT count(*)::int AS open FROM pgboss.job WHERE name = 'notification-deliver' AND state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    if (open === 0) return;
    if (Date.now() > until) throw new Error(`${open} deliveries still open`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many notifications `user` has received so far. */
export async function received(t: TestApp, user: Member): Promise<number> {
  const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM notifications WHERE recipient_id = $1`, [user.id]);
  return n;
}
