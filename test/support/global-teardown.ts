import type { EmbeddedDatabase } from '../../src/database/embedded';

/** Stops the embedded cluster global setup started when there was no PostgreSQL to use. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { hearthEmbeddedDatabase?: EmbeddedDatabase | null }).hearthEmbeddedDatabase?.stop();
}
