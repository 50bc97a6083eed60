import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Pool, QueryResultRow } from 'pg';
import { AppConfig } from '../config/app-config';
import { boundedPoolOptions } from './unavailable';

/** Connections of the direct pool, beside TypeORM's 20 (docs/architecture.md). */
export const SQL_POOL_SIZE = 10;

/**
 * One statement straight on a small node-postgres pool of the service's own: no query runner, no
 * subscribers, no transaction. For a repository's fixed-SQL hot reads (the session check of every
 * request, the session list); everything that writes or must join a transaction goes through the
 * TypeORM `EntityManager`. Public API only: `pg.Pool`, configured like TypeORM's pool (same URL,
 * application name and bounded waits, so an outage is a 503 here too).
 */
@Injectable()
export class Sql implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: SQL_POOL_SIZE,
      application_name: 'hearth',
      ...boundedPoolOptions(config.databaseTimeoutMs),
    });
    // an idle client that loses its connection must not crash the process: the next query reports it
    this.pool.on('error', () => undefined);
  }

  async rows<T extends QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const result = await this.pool.query<T>(text, values);
    return result.rows;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}

