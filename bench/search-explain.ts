/**
 * The buffers and plan sizes of every search statement for the bench's queries, on a database
 * `npm run bench -- search` seeded (BENCH_DATABASE): `node dist/bench/search-explain.js [query…]`.
 * Buffer counts, unlike times, do not move with the machine's load.
 */
import { Client } from 'pg';
import { databaseUrl } from '../src/database/admin';
import { SEARCH_CONNECTION_OPTIONS } from '../src/database/sql';
import { SEARCH_QUERIES, SEARCH_USER, TYPO_QUERIES, statementsOf } from './search';

interface Plan {
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
}

async function main(): Promise<void> {
  const database = process.env.BENCH_DATABASE;
  if (!database) throw new Error('BENCH_DATABASE: name a database `npm run bench -- search` has seeded');
  const db = new Client({ connectionString: databaseUrl(database), options: SEARCH_CONNECTION_OPTIONS });
  await db.connect();
  try {
    const [{ id: userId, group_id: groupId }] = (await db.query('SELECT id, group_id FROM users WHERE username = $1', [SEARCH_USER])).rows;
    const queries = process.argv.length > 2 ? process.argv.slice(2) : SEARCH_QUERIES;
    for (const q of queries) {
      const parts: string[] = [];
      let buffers = 0;
      let ms = 0;
      for (const [name, text, values] of await statementsOf(db, groupId, userId, q, TYPO_QUERIES.has(q))) {
        const [{ Plan: plan, 'Execution Time': time }] = (await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values)).rows[0]['QUERY PLAN'] as [
          { Plan: Plan; 'Execution Time': number },
        ];
        const used = plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
        buffers += used;
        ms += time;
        parts.push(`${name} ${used}`);
      }
      console.log(`${JSON.stringify(q).padEnd(28)} ${String(buffers).padStart(7)} buffers  ${ms.toFixed(1).padStart(7)} ms   (${parts.join(', ')})`);
    }
  } finally {
    await db.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
