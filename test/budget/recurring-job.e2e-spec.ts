import { JobsService } from '../../src/infrastructure/jobs/jobs.service';
import { RECURRING_QUEUE } from '../../src/modules/budget/recurring-scheduler.service';
import { createTestApp, TestApp } from '../support/app';
import { waitFor } from '../support/wait';
import { budgetSetup, call } from './budget-support';

/** The scheduler wired to pg-boss: a daily schedule, a run at boot, and a worker that processes the queue. */
describe('Budget: recurring job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'true', JOBS_POLL_MS: '500' });
  });
  afterAll(() => t.close());

  it('registers the daily schedule and ran once at boot', async () => {
    const schedules = await waitFor(async () => {
      const rows = await t.db.query(`SELECT name, cron FROM pgboss.schedule WHERE name = $1`, [RECURRING_QUEUE]);
      return rows.length ? rows : undefined;
    });
    expect(schedules).toEqual([{ name: RECURRING_QUEUE, cron: '5 0 * * *' }]);
    await waitFor(async () => {
      const [job] = await t.db.query(`SELECT state FROM pgboss.job WHERE name = $1`, [RECURRING_QUEUE]);
      return job?.state === 'completed';
    });
  });

  it('makes the due occurrences when the job runs, as System', async () => {
    const { member, recurring } = await (async () => {
      const s = await budgetSetup(t);
      const rule = await call(t, s.member, 'POST', '/recurring-transactions', {
        type: 'Income',
        amount: '100.00',
        categoryId: s.salary.id,
        frequency: 'Monthly',
        startDate: '2026-01-31',
        endDate: '2026-03-31',
      });
      return { member: s.member, recurring: rule };
    })();
    await t.app.get(JobsService).send(RECURRING_QUEUE, {});
    const rows = await waitFor(async () => {
      const made = await t.db.query(
        `SELECT t.date::text AS date, h.user_nickname FROM transactions t JOIN action_histories h ON h.entity_id = t.id
          WHERE t.recurring_transaction_id = $1 ORDER BY t.date`,
        [recurring.id],
      );
      return made.length === 3 ? made : undefined;
    });
    expect(rows).toEqual([
      { date: '2026-01-31', user_nickname: 'System' },
      { date: '2026-02-28', user_nickname: 'System' },
      { date: '2026-03-31', user_nickname: 'System' },
    ]);
    expect((await call(t, member, 'GET', `/recurring-transactions/${recurring.id}`)).nextOccurrence).toBeNull();
  });
});
