import { DataSource, Migration } from 'typeorm';
import { createDataSource, migrationClasses } from './data-source';

/** Arbitrary constant: the advisory lock that serialises migration runs across instances. */
const MIGRATION_LOCK_KEY = 7_461_626_373;

/**
 * Applies pending migrations under a session-level advisory lock, so several instances can boot at
 * once and exactly one of them migrates while the others wait.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/** Applies the named migrations (and only those) to the database at `databaseUrl` through the normal runner (a restore). */
export async function applyMigrationsNamed(databaseUrl: string, names: ReadonlySet<string>): Promise<void> {
  const subset = migrationClasses().filter((Class) => names.has(new (Class as new () => Migration)().name));
  const dataSource = createDataSource(databaseUrl, { migrations: subset, extra: { max: 2, application_name: 'hearth-restore' } });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
