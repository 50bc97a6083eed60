/**
 * `npm run bench [-- auth|budget|backup]`: every benchmark, or the named ones, one after the other (each
 * makes and drops its own scratch database). Benchmarks print numbers; they never assert timings.
 */
import 'reflect-metadata';
import { benchAuth } from './auth';
import { benchBudget } from './budget';
import { benchBackup } from './backup';

const BENCHES: Record<string, () => Promise<void>> = { auth: benchAuth, budget: benchBudget, backup: benchBackup };

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !BENCHES[name]);
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  for (const name of names.length ? names : Object.keys(BENCHES)) await BENCHES[name]();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
