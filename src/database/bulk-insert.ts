import type { DeepPartial, EntityManager, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** Rows one statement carries: each stays far inside the statement timeout on a busy machine. */
const CHUNK = 2000;

/**
 * Inserts many rows of an entity's table, up to CHUNK rows a statement, `INSERT … SELECT * FROM
 * unnest($1::type[], …)`: one parameter per column whatever the number of rows, no per-row SQL
 * text, and a statement-level trigger fires once a chunk. The columns are the properties the rows set, mapped
 * through the entity's metadata (so a column another change adds is carried by its property);
 * columns no row sets take their defaults. No subscriber or listener runs: a caller that inserts an
 * audited entity writes its history rows itself (history-rows.ts, recordCreatedMany).
 */
export async function insertMany<T extends ObjectLiteral>(manager: EntityManager, target: new () => T, rows: Partial<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  // the properties some row sets (an entity instance also carries its undeclared fields as undefined)
  const properties = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)))];
  const columns = properties
    .map((property) => metadata.findColumnWithPropertyName(property))
    .filter((column): column is NonNullable<typeof column> => !!column);
  const driver = manager.connection.driver;
  const casts = columns.map((column, i) => `$${i + 1}::${driver.normalizeType(column)}[]`);
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  const sql = `INSERT INTO "${metadata.tableName}" (${names}) SELECT * FROM unnest(${casts.join(', ')})`;
  for (let first = 0; first < rows.length; first += CHUNK) {
    const chunk = rows.slice(first, first + CHUNK);
    const values = columns.map((column) => {
      const json = column.type === 'jsonb' || column.type === 'json';
      return chunk.map((row) => {
        const value = row[column.propertyName as keyof T] as unknown;
        if (value === undefined || value === null) return null;
        return json ? JSON.stringify(value) : value;
      });
    });
    await manager.query(sql, values);
  }
}

/**
 * Inserts one new row of an entity, never an update (unlike save(), which reads the primary key
 * first and updates a row that has it): a row with a client-made id that is taken meets the primary
 * key. Subscribers run (an audited entity's "Created" history row is written); the columns the
 * database fills (created date, version) are set on the answer.
 */
export async function insertNew<T extends ObjectLiteral>(manager: EntityManager, target: new () => T, values: NoInfer<DeepPartial<T>>): Promise<T> {
  const row = manager.create(target, values);
  await manager.insert(target, row as QueryDeepPartialEntity<T>);
  return row;
}
