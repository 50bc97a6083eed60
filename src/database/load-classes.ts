import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Requires every file under `dir` whose name matches `pattern` and returns the classes it exports.
 * Entities and migrations are discovered this way so that nobody has to keep a list in sync.
 */
export function loadClasses(dir: string, pattern: RegExp): Function[] {
  const classes: Function[] = [];
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(name) && !name.endsWith('.d.ts')) {
        const exported = require(path) as Record<string, unknown>;
        for (const value of Object.values(exported)) {
          if (typeof value === 'function' && /^class\s/.test(Function.prototype.toString.call(value))) classes.push(value);
        }
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return classes;
}
