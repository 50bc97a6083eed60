import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The migrated template database, named after the migrations it contains so a change rebuilds it. */
export function templateName(): string {
  const dir = join(__dirname, '..', '..', 'migrations');
  const hash = createHash('sha1');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return `hearth_tpl_${hash.digest('hex').slice(0, 16)}`;
}
