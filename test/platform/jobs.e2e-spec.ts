import { JobsService } from '../../src/infrastructure/jobs/jobs.service';
import { createTestApp, TestApp } from '../support/app';
import { waitFor } from '../support/wait';

/** The jobs layer against the real PostgreSQL: transactional enqueue, processing, retries. */
describe('JobsService (pg-boss)', () => {
  let t: TestApp;
  let jobs: JobsService;
  const seen: string[] = [];
  let failuresLeft = 2;

  beforeAll(async () => {
    t = await createTestApp();
    jobs = new JobsService({ ...t.config, jobs: { enabled: true, pollMs: 500 } });
    jobs.register<{ value: string }>('test-echo', async ({ value }) => {
      seen.push(value);
    });
    jobs.register<{ value: string }>(
      'test-flaky',
      async ({ value }) => {
        if (failuresLeft-- > 0) throw new Error('transient failure');
        seen.push(value);
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    jobs.register(
      'test-doomed',
      async () => {
        throw new Error('always fails');
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
    await jobs.onApplicationBootstrap();
  });
  afterAll(async () => {
    await jobs.onApplicationShutdown();
    await t.close();
  });

  it('enqueues inside a transaction: a rolled-back change leaves no job, a committed one is processed', async () => {
    await t.db
      .transaction(async (manager) => {
        await jobs.send('test-echo', { value: 'rolled-back' }, { manager });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await t.db.transaction(async (manager) => {
      await jobs.send('test-echo', { value: 'committed' }, { manager });
    });
    await waitFor(async () => seen.includes('committed'));
    const rows = await t.db.query(`SELECT data->>'value' AS value, state FROM pgboss.job WHERE name = 'test-echo'`);
    expect(rows.map((row: { value: string }) => row.value)).toEqual(['committed']);
    expect(seen).not.toContain('rolled-back');
  });

  it('retries a failing job with back-off until it succeeds', async () => {
    await jobs.send('test-flaky', { value: 'eventually' });
    await waitFor(async () => seen.includes('eventually'), 30_000);
    // the handler has returned; pg-boss marks the job completed just after
    const row = await waitFor(async () => {
      const [job] = await t.db.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'test-flaky'`);
      return job?.state === 'completed' ? job : undefined;
    }, 10_000);
    expect(row.state).toBe('completed');
    expect(row.retry_count).toBe(2);
  });

  it('leaves a job that keeps failing in the failed state, never dropped', async () => {
    const id = await jobs.send('test-doomed', {});
    const row = await waitFor(async () => {
      const [job] = await t.db.query(`SELECT state, output FROM pgboss.job WHERE id = $1`, [id]);
      return job?.state === 'failed' ? job : undefined;
    }, 30_000);
    expect(JSON.stringify(row.output)).toContain('always fails');
  });

  it('refuses to enqueue on a queue nobody registered', async () => {
    await expect(jobs.send('test-unknown', {})).rejects.toThrow(/not registered/);
  });
});
