/**
 * Writes domain/catalog/icons.json: the SVG bodies (32 × 32) of exactly the icons the shopping
 * catalogue names (domain/catalog/<lang>.json), taken from the Fluent Emoji Flat set
 * (@iconify-json/fluent-emoji-flat, © Microsoft Corporation, MIT licence; docs/notes.md). Only the
 * used icons ship, and the web app loads the file lazily with the shopping list, never with the
 * first page; no icon is ever fetched from elsewhere. Run by hand after changing the catalogue's
 * icons (`node scripts/catalog-icons.mjs`); `--check` fails when the committed file is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'domain', 'catalog');
const set = JSON.parse(readFileSync(join(root, 'node_modules', '@iconify-json', 'fluent-emoji-flat', 'icons.json'), 'utf8'));

const used = new Set();
for (const file of readdirSync(dir)
  .filter((name) => /^[a-z]{2}\.json$/.test(name))
  .sort()) {
  for (const item of JSON.parse(readFileSync(join(dir, file), 'utf8'))) used.add(item.icon);
}
const icons = {};
for (const name of [...used].sort()) {
  const icon = set.icons[name];
  if (!icon) throw new Error(`the icon set has no "${name}"`);
  icons[name] = icon.body;
}
const source = 'Fluent Emoji Flat (@iconify-json/fluent-emoji-flat), © Microsoft Corporation, MIT licence';
const text = `${JSON.stringify({ source, width: set.width ?? 32, height: set.height ?? 32, icons }, null, 1)}\n`;
const target = join(dir, 'icons.json');
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error('domain/catalog/icons.json is stale: run node scripts/catalog-icons.mjs');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`wrote ${Object.keys(icons).length} icons to domain/catalog/icons.json`);
}
