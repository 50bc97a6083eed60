import { rmSync } from 'node:fs';
import type { EmbeddedDatabase } from '../../src/database/embedded';

/** Removes the run's test data directories; stops the embedded cluster global setup started when there was no PostgreSQL to use. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.HEARTH_TEST_DATA_ROOT) rmSync(process.env.HEARTH_TEST_DATA_ROOT, { recursive: true, force: true });
  await (globalThis as { hearthEmbeddedDatabase?: EmbeddedDatabase | null }).hearthEmbeddedDatabase?.stop();
}
