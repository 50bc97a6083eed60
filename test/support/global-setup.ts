import 'reflect-metadata';
import { createDatabase, databaseUrl, dropDatabase, withAdmin } from '../../src/database/admin';
import { createDataSource } from '../../src/database/data-source';
import { runMigrations } from '../../src/database/migrate';
import { templateName } from './template-db';

const LOCK = 7_461_626_374;

/** Migrates one template database per migration set; each test file then clones it. */
export default async function globalSetup(): Promise<void> {
  const template = templateName();
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [LOCK]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (rowCount) return;
      const building = `${template}_tmp`;
      await dropDatabase(building);
      await createDatabase(building);
      const dataSource = createDataSource(databaseUrl(building));
      await dataSource.initialize();
      try {
        await runMigrations(dataSource);
      } finally {
        await dataSource.destroy();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      await admin.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    }
  });
}
