#!/usr/bin/env node
/**
 * The registry this project is built against lacks most non-Linux platform binaries (e.g.
 * @swc/core-darwin-arm64), so `npm install` leaves them out of package-lock.json and `npm ci` then
 * refuses the lock as out of sync. This adds a minimal entry (name, version, optional) for every
 * optional dependency the lock lacks; npm skips or tolerates them at install like any optional
 * binary for another platform. Run after `npm install`: `node scripts/lock-optional.js`.
 */
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

function resolveFrom(parentPath, name) {
  // node resolution within the lock: parent's own node_modules, then up the tree
  let base = parentPath;
  while (true) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

for (const [pkgPath, pkg] of Object.entries({ ...packages })) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolveFrom(pkgPath, name)) continue;
    const version = /^\d+\.\d+\.\d+/.test(range) ? range : range.replace(/^[\^~>=<\s]+/, '');
    packages[`node_modules/${name}`] = { version, optional: true, ...(pkg.dev ? { dev: true } : {}) };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional: added ${added} optional entries`);
