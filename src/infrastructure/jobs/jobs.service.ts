import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';

export const JOBS_SCHEMA = 'pgboss';

export interface SendOptions {
  /** the transaction's manager: the job commits (or rolls back) with the change that caused it */
  manager?: EntityManager;
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface RegisterOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** pg-boss queue policy; `exclusive`: at most one job queued or running, across instances */
  policy?: 'standard' | 'exclusive';
  /**
   * Jobs fetched at once and handled side by side (each settles on its own: one failure retries only
   * that job); while a fetch comes back full the worker fetches again at once. Default 1.
   */
  batchSize?: number;
}

interface Registration {
  handler: (data: any) => Promise<void>;
  /** a handler of a whole fetch at once: per job, its failure (null: done) */
  batchHandler?: (data: any[]) => Promise<(Error | null)[]>;
  options: Required<RegisterOptions>;
}

/** pg-boss wants `executeSql` answering like pg; TypeORM answers UPDATE/DELETE with [rows, count]. */
function throughManager(manager: EntityManager) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await manager.query(text, values as any[]);
      const rows = Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result;
      return { rows: rows as any[] };
    },
  };
}

/**
 * Durable background jobs on the same PostgreSQL (pg-boss). Features `register` queues with their
 * handlers and `schedule` periodic ones; requests `send` jobs, ideally inside their transaction.
 * With JOBS_ENABLED=false (tests) jobs are stored but nothing is processed or scheduled.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly schedules: { queue: string; cron: string; data?: object }[] = [];
  private started = false;

  constructor(private readonly config: AppConfig) {
    this.boss = new PgBoss({
      connectionString: config.databaseUrl,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'hearth-jobs',
      supervise: config.jobs.enabled,
      schedule: config.jobs.enabled,
      migrate: true,
    } as any);
    this.boss.on('error', (error: unknown) => this.logger.error({ err: error }, 'pg-boss error'));
  }

  register<T>(queue: string, handler: (data: T) => Promise<void>, options: RegisterOptions = {}): void {
    if (this.registrations.has(queue)) throw new Error(`queue ${queue} registered twice`);
    this.registrations.set(queue, {
      handler,
      options: {
        retryLimit: options.retryLimit ?? 5,
        retryDelaySeconds: options.retryDelaySeconds ?? 10,
        policy: options.policy ?? 'standard',
        batchSize: options.batchSize ?? 1,
      },
    });
  }

  /**
   * A queue whose worker takes each fetch (up to `batchSize` jobs) in one call, for handlers that
   * read what the jobs need together; it answers each job's failure (retried alone) or null.
   */
  registerBatch<T>(queue: string, handler: (data: T[]) => Promise<(Error | null)[]>, options: RegisterOptions = {}): void {
    this.register<T>(
      queue,
      async (data) => {
        const [failure] = await handler([data]);
        if (failure) throw failure;
      },
      options,
    );
    this.registrations.get(queue)!.batchHandler = handler;
  }

  schedule(queue: string, cron: string, data?: object): void {
    this.schedules.push({ queue, cron, data });
  }

  async send<T extends object>(queue: string, data: T, options: SendOptions = {}): Promise<string | null> {
    if (!this.registrations.has(queue)) throw new Error(`queue ${queue} is not registered`);
    return this.boss.send(queue, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.manager ? { db: throughManager(options.manager) } : {}),
    });
  }

  /** Many jobs of one queue in one statement (with `manager`: committed with the change that caused them). */
  async sendMany<T extends object>(queue: string, jobs: { data: T; startAfter?: Date }[], options: Pick<SendOptions, 'manager'> = {}): Promise<void> {
    if (!this.registrations.has(queue)) throw new Error(`queue ${queue} is not registered`);
    if (!jobs.length) return;
    await this.boss.insert(
      queue,
      jobs.map((job) => ({ data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
      options.manager ? { db: throughManager(options.manager) } : {},
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const [queue, { options }] of this.registrations) {
      await this.boss.createQueue(queue, {
        policy: options.policy,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
      } as any);
    }
    if (!this.config.jobs.enabled) return;
    for (const [queue, { handler, batchHandler, options }] of this.registrations) {
      if (options.batchSize > 1) {
        await this.workInBatches(queue, batchHandler ?? eachOf(handler), options.batchSize);
        continue;
      }
      await this.boss.work(queue, { batchSize: 1, pollingIntervalSeconds: this.config.jobs.pollMs / 1000 }, async (jobs: any[]) => {
        for (const job of jobs) {
          try {
            await handler(job.data);
            this.logger.log({ queue, jobId: job.id }, 'job completed');
          } catch (error) {
            this.logger.warn({ queue, jobId: job.id, retryCount: job.retryCount, err: error }, 'job failed; pg-boss retries it with back-off');
            throw error;
          }
        }
      });
    }
    for (const { queue, cron, data } of this.schedules) {
      await this.boss.schedule(queue, cron, data ?? null, { tz: 'UTC' } as any);
    }
  }

  private async workInBatches(queue: string, handler: (data: any[]) => Promise<(Error | null)[]>, batchSize: number): Promise<void> {
    await this.boss.work(
      queue,
      { batchSize, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: this.config.jobs.pollMs / 1000 } as any,
      async (jobs: any[]) => {
        let failures: (Error | null)[];
        try {
          failures = await handler(jobs.map((job) => job.data));
        } catch (error) {
          failures = jobs.map(() => (error instanceof Error ? error : new Error(String(error))));
        }
        return jobs.map((job, index) => {
          const failure = failures[index];
          if (!failure) return { id: job.id, status: 'completed' as const };
          this.logger.warn({ queue, jobId: job.id, retryCount: job.retryCount, err: failure }, 'job failed; pg-boss retries it with back-off');
          return { id: job.id, status: 'failed' as const, output: { message: failure.message } };
        });
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000 } as any).catch(() => undefined);
  }
}

/** One-job handlers run side by side over a fetch, each failing on its own. */
function eachOf(handler: (data: any) => Promise<void>): (data: any[]) => Promise<(Error | null)[]> {
  return (batch) =>
    Promise.all(
      batch.map((data) =>
        handler(data).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      ),
    );
}
