import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/*
 * `npm run sql` writes every statement declared in a feature's `*.sql.ts` to the checked-in `sql/`
 * folder (one `.sql` file per module, statements by name), and `npm run sql:check` (part of
 * `npm run check`) fails when that snapshot is stale: every change of SQL text shows in a diff.
 * Collected: each exported named statement (`statement(...)`, nested in records too), and the text
 * of exported `*_SQL` constants (statements sent unnamed, planned per request).
 */

const ROOT = join(__dirname, '..', '..');
const SOURCES = join(__dirname, '..', 'src');
const SNAPSHOT = join(ROOT, 'sql');

interface Named {
  name: string;
  text: string;
}

function isStatement(value: unknown): value is Named {
  return !!value && typeof value === 'object' && typeof (value as Named).name === 'string' && typeof (value as Named).text === 'string';
}

/** The `*.sql.js` files of the compiled sources, sorted. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.sql.js') ? [join(dir, entry.name)] : []))
    .sort();
}

/** Statements found under an export, keyed by statement name or, for unnamed text, by export path. */
function collect(value: unknown, path: string, unnamed: boolean, into: Map<string, string>): void {
  if (isStatement(value)) into.set(value.name, value.text);
  else if (typeof value === 'string' && unnamed) into.set(path, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) collect(inner, `${path}.${key}`, unnamed, into);
  }
}

/** The snapshot: relative file name → its text. */
export function renderSqlSnapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of modules(SOURCES)) {
    const statements = new Map<string, string>();
    for (const [name, value] of Object.entries(require(file) as Record<string, unknown>)) collect(value, name, name.endsWith('_SQL'), statements);
    if (statements.size === 0) continue;
    const blocks = [...statements].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, text]) => `-- ${name}\n${text.trim()};\n`);
    files.set(relative(SOURCES, file).replace(/\.sql\.js$/, '.sql'), blocks.join('\n'));
  }
  return files;
}

function existing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? existing(join(dir, entry.name)).map((name) => join(entry.name, name)) : [entry.name],
  );
}

function main(): void {
  const rendered = renderSqlSnapshot();
  if (process.argv[2] === 'write') {
    rmSync(SNAPSHOT, { recursive: true, force: true });
    for (const [name, text] of rendered) {
      mkdirSync(dirname(join(SNAPSHOT, name)), { recursive: true });
      writeFileSync(join(SNAPSHOT, name), text);
    }
    console.log(`sql: wrote ${rendered.size} files to sql/`);
    return;
  }
  const stale = [...rendered]
    .filter(([name, text]) => !existsSync(join(SNAPSHOT, name)) || readFileSync(join(SNAPSHOT, name), 'utf8') !== text)
    .map(([name]) => name);
  const extra = existing(SNAPSHOT).filter((name) => !rendered.has(name));
  if (stale.length || extra.length) {
    console.error(`sql: the snapshot in sql/ is stale (${[...stale, ...extra].join(', ')}); run \`npm run sql\` and commit the result`);
    process.exit(1);
  }
  console.log('sql: the snapshot in sql/ is current');
}

if (require.main === module) main();
