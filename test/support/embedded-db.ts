import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminUrl } from '../../src/database/admin';
import { EmbeddedDatabase, reachable, startEmbeddedDatabase } from '../../src/database/embedded';
import { freePort } from './mail';

/**
 * Tests need no system PostgreSQL: when the configured one (DATABASE_ADMIN_URL, TEST_DATABASE_URL
 * or 127.0.0.1:5432) does not answer, an embedded cluster is started on a free loopback port, kept
 * between runs in a directory of this checkout's own (under the system temp dir), and
 * DATABASE_ADMIN_URL is pointed at it for the test workers. CI, with its PostgreSQL, never gets here.
 */
export async function ensureTestDatabase(): Promise<EmbeddedDatabase | null> {
  if (await reachable(adminUrl())) return null;
  const checkout = createHash('sha1')
    .update(join(__dirname, '..', '..'))
    .digest('hex')
    .slice(0, 12);
  const dataDir = join(tmpdir(), `hearth-test-postgres-${checkout}`);
  const start = async () => startEmbeddedDatabase({ dataDir, port: await freePort() });
  let embedded: EmbeddedDatabase;
  try {
    embedded = await start();
  } catch {
    // a cluster left broken by an interrupted run: start over
    rmSync(dataDir, { recursive: true, force: true });
    embedded = await start();
  }
  const url = new URL(embedded.url);
  url.pathname = '/postgres';
  process.env.DATABASE_ADMIN_URL = url.toString();
  console.log(`\nNo PostgreSQL answered: tests use an embedded cluster on 127.0.0.1:${embedded.port} (${dataDir})`);
  return embedded;
}
