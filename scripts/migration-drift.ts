import { schemaDiff } from './schema-diff';

/** CI: fails when the entities describe a schema the migrations do not create. */
async function main(): Promise<void> {
  const diff = await schemaDiff();
  if (diff.up.length === 0) {
    console.log('migrations: entities and migrations agree');
    return;
  }
  console.error('migrations: entities and migrations have drifted; run `npm run migration:generate -- <Name>`. Missing:');
  for (const query of diff.up) console.error(`  ${query};`);
  process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
