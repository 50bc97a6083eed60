import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The repository stands on its own: its code, comments and docs state each rule themselves (or
 * point to docs/), never a section of a planning document that is not in the repository.
 */
describe('the repository stands on its own', () => {
  const root = join(__dirname, '..');
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|js|mjs|md|json|yml|yaml|css|html|example)$/.test(file) && file !== 'package-lock.json');

  it('cites no section of an outside document', () => {
    const citing = /\b(CONTRACT|SPEC|STYLE)(\.md)?\s*§|\.\.\/shared\//;
    const found = tracked.filter((file) => {
      try {
        return citing.test(readFileSync(join(root, file), 'utf8'));
      } catch {
        return false;
      }
    });
    expect(found).toEqual([]);
  });
});
