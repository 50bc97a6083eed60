import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDatabase, databaseUrl, dropDatabase } from '../../src/database/admin';
import { createDataSource } from '../../src/database/data-source';
import { templateName } from './template-db';

export interface ServiceDb {
  db: DataSource;
  /** The database's URL (for a service's own pool, such as Sql). */
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh database cloned from the migrated template and a TypeORM data source on it, with no
 * application: for service-level tests that build services on the real repositories.
 */
export async function createServiceDb(): Promise<ServiceDb> {
  const name = `hearth_s_${randomBytes(6).toString('hex')}`;
  await createDatabase(name, templateName());
  const url = databaseUrl(name);
  const db = createDataSource(url);
  await db.initialize();
  return {
    db,
    url,
    close: async () => {
      await db.destroy();
      await dropDatabase(name);
    },
  };
}
