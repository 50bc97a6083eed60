import { HousekeepingService } from '../../src/modules/housekeeping/housekeeping.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { createNote } from '../notes/notes-support';
import { inbox, remind, runAt } from './notify-support';

/** Housekeeping keeps read notifications 90 days (with their deliveries) and delivery records 30 days; run with a fixed clock. */
describe('Notifications: housekeeping', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const NOW = new Date('2028-06-30T04:15:00Z');
  const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 3_600_000);

  it('removes read notifications older than 90 days with their deliveries, and delivery records older than 30 days', async () => {
    const ida = await signedInUser(t, { modules: ['Notes'] });
    const titles = ['Read long ago', 'Read lately', 'Unread long ago', 'Snoozed long ago'];
    for (const [i, title] of titles.entries()) {
      const note = await createNote(t, ida.accessToken, { title });
      await remind(t, ida, note.id, { at: `2028-01-0${i + 1}T08:00:00Z` });
      await runAt(t, `2028-01-0${i + 1}T08:00:05Z`);
    }
    const id = Object.fromEntries((await inbox(t, ida)).items.map((n: any) => [n.title.replace('Reminder: ', ''), n.id]));
    const made = async (title: string, created: Date, readAt: Date | null, snoozedUntil: Date | null = null) =>
      t.db.query(`UPDATE notifications SET created_date = $2, read_at = $3, snoozed_until = $4 WHERE id = $1`, [id[title], created, readAt, snoozedUntil]);
    await made('Read long ago', daysBefore(91), daysBefore(90));
    await made('Read lately', daysBefore(89), daysBefore(1));
    await made('Unread long ago', daysBefore(200), null);
    await made('Snoozed long ago', daysBefore(120), daysBefore(0.01), new Date(NOW.getTime() + 30 * 60_000));
    const sent = (title: string, days: number, channel: string) =>
      t.db.query(
        `INSERT INTO notification_deliveries (notification_id, attempt, channel, target_hash, outcome, sent_date) ` +
          `VALUES ($1, 0, $2, repeat('a', 64), 'sent', $3)`,
        [id[title], channel, daysBefore(days)],
      );
    await sent('Read long ago', 29, 'email'); // goes with its notification
    await sent('Read lately', 31, 'email'); // older than 30 days
    await sent('Read lately', 29, 'webhook'); // kept
    await sent('Unread long ago', 45, 'push'); // older than 30 days

    const result = await t.app.get(HousekeepingService).runTask('housekeeping-notifications', NOW);
    expect(result).toEqual({ notifications: 1, deliveries: 2 });
    const left = await t.db.query(`SELECT title FROM notifications WHERE recipient_id = $1 ORDER BY title`, [ida.id]);
    expect(left.map((row: { title: string }) => row.title)).toEqual(['Reminder: Read lately', 'Reminder: Snoozed long ago', 'Reminder: Unread long ago']);
    const deliveries = await t.db.query(
      `SELECT n.title, d.channel FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id WHERE n.recipient_id = $1`,
      [ida.id],
    );
    expect(deliveries).toEqual([{ title: 'Reminder: Read lately', channel: 'webhook' }]);
    expect((await inbox(t, ida)).totalItems).toBe(3);

    // run again: nothing more goes
    expect(await t.app.get(HousekeepingService).runTask('housekeeping-notifications', NOW)).toEqual({ notifications: 0, deliveries: 0 });
  });
});
