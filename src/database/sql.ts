import type { DataSource } from 'typeorm';

interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
}

/**
 * Runs one statement straight on TypeORM's pg pool, skipping the query-runner and broadcaster
 * layers (~180 µs a query, PERFORMANCE.md). For hot read paths only: nothing here takes part in a
 * transaction or fires subscribers.
 */
export async function fastQuery<T = Record<string, unknown>>(dataSource: DataSource, text: string, values: unknown[] = []): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: PgPool }).master;
  const result = await pool.query(text, values);
  return result.rows as T[];
}
