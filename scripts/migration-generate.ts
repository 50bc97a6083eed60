import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMigration } from './migration-query';
import { schemaDiff } from './schema-diff';

/**
 * Writes migrations/<timestamp>-<Name>.ts with what the entities need beyond the current migrations, formatted as Prettier
 * formats it, a long statement split into pieces (`renderMigration`), so `npm run check` accepts the file as written.
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    console.error('usage: npm run migration:generate -- PascalCaseName');
    process.exit(2);
  }
  const diff = await schemaDiff();
  if (diff.up.length === 0) {
    console.log('no changes: nothing generated');
    return;
  }
  const timestamp = Date.now();
  const body = renderMigration(`${name}${timestamp}`, diff.up, diff.down);
  const file = join(__dirname, '..', '..', 'migrations', `${timestamp}-${name}.ts`);
  writeFileSync(file, body);
  console.log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
