/**
 * `npm run migration:generate` writes a file that `npm run check` accepts as it is: formatted as Prettier formats it, no
 * line over 160 characters (a long statement as template literals joined by `+`), and the statements it sends are
 * exactly the ones the entities asked for (docs/architecture.md, Formatting and line length).
 */
import { join } from 'node:path';
import * as prettier from 'prettier';
import * as ts from 'typescript';
import { MAX_LINE, renderMigration } from '../../scripts/migration-query';

const ROOT = join(__dirname, '../..');

/** Statements as TypeORM writes them, and the worst a text can hold: quotes, a backtick, a backslash, `${`, a newline. */
const UP = [
  'CREATE TABLE "shopping_trips" ("id" uuid NOT NULL, "created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ' +
    '"updated_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "note_id" uuid NOT NULL, ' +
    '"shopper_id" uuid NOT NULL, "store_id" uuid, "ticked_aisles" character varying(40) array NOT NULL DEFAULT \'{}\', ' +
    'CONSTRAINT "PK_b2ae0ab7aa8b3d9ff5f16b4aa4e" PRIMARY KEY ("id"))',
  'ALTER TABLE "shopping_trips" ADD CONSTRAINT "FK_2978c0e73049603c8e1e80634d0" FOREIGN KEY ("store_id") ' +
    'REFERENCES "shopping_stores"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
  'CREATE INDEX "ix_shopping_trips_note" ON "shopping_trips"  ("note_id") ',
  'COMMENT ON COLUMN "shopping_trips"."store_id" IS \'a `store`, C:\\stores\\${name}, or none\nsee docs/notes.md\' -- ' + 'x'.repeat(300),
];
const DOWN = ['DROP INDEX "public"."ix_shopping_trips_note"', 'DROP TABLE "shopping_trips"'];

/** The statements the migration in `text` sends, up then down, in order. */
async function sent(text: string): Promise<string[]> {
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const loaded = { exports: {} as Record<string, new () => { up: Function; down: Function }> };
  new Function('module', 'exports', 'require', js)(loaded, loaded.exports, require);
  const migration = new loaded.exports.ShoppingTrips1795950000000();
  const queries: string[] = [];
  const queryRunner = { query: async (sql: string) => void queries.push(sql) };
  await migration.up(queryRunner);
  await migration.down(queryRunner);
  return queries;
}

describe('npm run migration:generate', () => {
  const text = renderMigration('ShoppingTrips1795950000000', UP, DOWN);

  it('writes no line over 160 characters, a long statement in pieces joined with +', () => {
    const lines = text.split('\n');
    expect(lines.filter((line) => line.length > MAX_LINE)).toEqual([]);
    expect(lines).toContain('    await queryRunner.query(`CREATE INDEX "ix_shopping_trips_note" ON "shopping_trips"  ("note_id") `);');
    expect(lines.filter((line) => line.endsWith('` +')).length).toBeGreaterThan(4);
  });

  it('writes the file as Prettier formats it with the project settings', async () => {
    const file = join(ROOT, 'migrations', '1795950000000-ShoppingTrips.ts');
    const options = await prettier.resolveConfig(file);
    expect(options?.printWidth).toBe(MAX_LINE);
    expect(await prettier.format(text, { ...options, filepath: file })).toBe(text);
  });

  it('sends the statements exactly: up in order, down in reverse', async () => {
    expect(await sent(text)).toEqual([...UP, ...DOWN.slice().reverse()]);
  });
});
