import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadClasses } from './load-classes';
import { SnakeNamingStrategy } from './naming-strategy';
import { boundedPoolOptions } from './unavailable';

const EXT = __filename.endsWith('.ts') ? 'ts' : 'js';
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');
const MODULES_DIR = join(__dirname, '..', 'modules');
const INFRA_DIR = join(__dirname, '..', 'infrastructure');

/** Every entity of the application: files named `*.entity.ts` under src/modules and src/infrastructure. */
export function entityClasses(): Function[] {
  const pattern = new RegExp(`\\.entity\\.${EXT}$`);
  return [...loadClasses(MODULES_DIR, pattern), ...loadClasses(INFRA_DIR, pattern)];
}

export function migrationClasses(): Function[] {
  return loadClasses(MIGRATIONS_DIR, new RegExp(`^\\d+.*\\.${EXT}$`));
}

/**
 * `timeoutMs` bounds every wait of the serving pool (pool checkout, connecting, each statement):
 * set for the application, left out for migrations and scripts, whose statements may run long.
 */
export function dataSourceOptions(databaseUrl: string, extra: Partial<DataSourceOptions> = {}, timeoutMs?: number): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: entityClasses(),
    // required only where they may run: a serving process that does not migrate keeps none of their code
    migrations: 'migrations' in extra ? extra.migrations : migrationClasses(),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, application_name: 'hearth', ...(timeoutMs ? boundedPoolOptions(timeoutMs) : {}) },
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(databaseUrl: string, extra: Partial<DataSourceOptions> = {}): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl, extra));
}
