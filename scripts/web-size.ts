/**
 * The web client's weight budget: the JavaScript of the first page load, gzipped, must stay within
 * WEB_JS_BUDGET_KB (200). The first load is the entry chunk with everything it imports statically,
 * plus the heaviest page chunk (with its own static imports) that the router may load first.
 * Reads Vite's manifest in dist/web/.vite; run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dir = join(__dirname, '..', '..', 'dist', 'web');
const budgetKb = Number(process.env.WEB_JS_BUDGET_KB ?? 200);
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipped = new Map<string, number>();
const size = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length);
  return gzipped.get(file)!;
};

/** The chunk's files and those of its static imports, transitively. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const entry = closure(entryKey);
const entryBytes = [...entry].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + size(file), 0);

/**
 * The hyphenation patterns of a language (app/hyphenate.ts) load after the first paint, while the
 * page is already shown and usable (until they are in, words wrap at spaces as before): they are
 * not part of the first load, and are reported on their own.
 */
const afterFirstPaint = (key: string) => /node_modules\/hyphen\//.test(key);
for (const key of (manifest[entryKey].dynamicImports ?? []).filter(afterFirstPaint)) {
  console.log(
    `web: hyphenation patterns ${key.replace(/^.*node_modules\//, '')}: ${(size(manifest[key].file) / 1024).toFixed(1)} KB gzipped, after the first paint`,
  );
}

let heaviest = { key: '(none)', bytes: 0 };
for (const key of (manifest[entryKey].dynamicImports ?? []).filter((key) => !afterFirstPaint(key))) {
  const extra = [...closure(key)].filter((file) => !entry.has(file) && file.endsWith('.js'));
  const bytes = extra.reduce((sum, file) => sum + size(file), 0);
  if (bytes > heaviest.bytes) heaviest = { key, bytes };
}

const total = entryBytes + heaviest.bytes;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`web: entry ${kb(entryBytes)} + heaviest page ${kb(heaviest.bytes)} (${heaviest.key}) = ${kb(total)} gzipped JS; budget ${budgetKb} KB`);
if (total > budgetKb * 1024) {
  console.error(`web: the first page load is over its ${budgetKb} KB budget: split the route or drop a dependency`);
  process.exit(1);
}
