#!/usr/bin/env node
/**
 * `npm start` runs this first: a fresh clone has no dist/, and a changed checkout has a stale one.
 * Runs `npm run build` (whatever it builds: the API, and the web app once there is one) when any
 * source file is newer than the last build, then records the build time in dist/.build-stamp.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const SOURCES = ['domain', 'src', 'migrations', 'scripts', 'web', 'clients', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage']);

function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (!SKIP.has(entry)) latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const built = fs.existsSync(path.join(root, 'dist', 'src', 'main.js')) ? newest(stamp) : 0;
const changed = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
if (built > 0 && changed <= built) process.exit(0);

console.log(built ? 'Sources changed since the last build: building …' : 'First start: building …');
const started = Date.now();
const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
fs.utimesSync(stamp, started / 1000, started / 1000);
