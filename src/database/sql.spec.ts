import type { AppConfig } from '../config/app-config';
import { Sql, statement } from './sql';

describe('statement with named parameters', () => {
  const SUM = statement<{ a: number; b: number }, { n: number; a: number }>('sql_spec_sum', (p) => `SELECT ${p.b}::int + ${p.a}::int AS n, ${p.a}::int AS a`);

  it('is compiled once to positional text, numbered in order of first use, a repeated name keeping its number', () => {
    expect(SUM.text).toBe('SELECT $1::int + $2::int AS n, $2::int AS a');
    expect(SUM.keys).toEqual(['b', 'a']);
  });

  it('keeps the positional form as it was', () => {
    const plain = statement('sql_spec_plain', 'SELECT $1::int AS n');
    expect(plain).toEqual({ name: 'sql_spec_plain', text: 'SELECT $1::int AS n' });
  });

  it('refuses a name declared again with other text', () => {
    expect(() => statement<{ a: number }>('sql_spec_sum', (p) => `SELECT ${p.a}`)).toThrow('declared twice');
  });

  describe('run through Sql', () => {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    let sql: Sql;
    beforeAll(() => {
      sql = new Sql({ databaseUrl: url, databaseTimeoutMs: 10_000 } as AppConfig);
    });
    afterAll(() => sql.onModuleDestroy());

    it("sends the object's values in the text's order", async () => {
      expect(await sql.rows(SUM, { a: 2, b: 40 })).toEqual([{ n: 42, a: 2 }]);
      expect(await sql.tuples(SUM, { a: 1, b: 1 })).toEqual([[2, 1]]);
    });

    it('refuses positional values for a statement with named parameters', () => {
      const rows = sql.rows as (query: unknown, values: unknown) => Promise<unknown>;
      expect(() => rows.call(sql, SUM, [1, 2])).toThrow('takes named parameters');
    });
  });
});
