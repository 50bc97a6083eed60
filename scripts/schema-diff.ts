import { createDatabase, databaseUrl, dropDatabase } from '../src/database/admin';
import { createDataSource } from '../src/database/data-source';
import { runMigrations } from '../src/database/migrate';

export interface SchemaDiff {
  up: string[];
  down: string[];
}

/** Migrates a scratch database and asks TypeORM what the entities still need: the drift. */
export async function schemaDiff(): Promise<SchemaDiff> {
  const name = `hearth_schema_${process.pid}_${Date.now()}`;
  await createDatabase(name);
  const dataSource = createDataSource(databaseUrl(name));
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const sql = await dataSource.driver.createSchemaBuilder().log();
    const render = (q: { query: string; parameters?: unknown[] }) => (q.parameters?.length ? `${q.query} -- ${JSON.stringify(q.parameters)}` : q.query);
    return { up: sql.upQueries.map(render), down: sql.downQueries.map(render) };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await dropDatabase(name);
  }
}
