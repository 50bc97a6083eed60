import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDiff } from './schema-diff';

/** Writes migrations/<timestamp>-<Name>.ts with what the entities need beyond the current migrations. */
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
  const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
  const body = `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${timestamp} implements MigrationInterface {
  name = '${name}${timestamp}';

  async up(queryRunner: QueryRunner): Promise<void> {
${diff.up.map((q) => `    await queryRunner.query(\`${esc(q)}\`);`).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${[...diff.down].reverse().map((q) => `    await queryRunner.query(\`${esc(q)}\`);`).join('\n')}
  }
}
`;
  const file = join(__dirname, '..', '..', 'migrations', `${timestamp}-${name}.ts`);
  writeFileSync(file, body);
  console.log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
