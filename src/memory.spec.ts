import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { NODE_MEMORY_FLAGS, releaseStartupMemory, youngGenerationBytes } from './memory';

const MB = 1024 * 1024;

describe('releaseStartupMemory', () => {
  it('gives back the young generation that a burst of surviving allocations grew', () => {
    // what start-up does: allocate fast, and keep most of it across many scavenges
    let kept: Array<{ i: number; s: string }> | null = [];
    for (let i = 0; i < 1_500_000; i++) kept.push({ i, s: `row ${i}` });
    expect(youngGenerationBytes()).toBeGreaterThan(8 * MB);
    kept = null;

    releaseStartupMemory();

    expect(youngGenerationBytes()).toBeLessThan(2 * MB);
  });

  it('leaves no gc function behind for code that runs later', () => {
    releaseStartupMemory();
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});

describe('NODE_MEMORY_FLAGS', () => {
  const root = join(__dirname, '..');
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it.each(['start', 'start:prod', 'start:dev', 'worker'])('are passed by `npm run %s`', (name) => {
    const node = scripts[name].split('&&').pop()!.trim().split(/\s+/);
    expect(node[0]).toBe('node');
    expect(node.slice(1, -1)).toEqual(expect.arrayContaining(NODE_MEMORY_FLAGS));
  });

  it("are passed by the Dockerfile's CMD", () => {
    const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8').match(/^CMD (\[.*\])$/m)![1];
    expect(JSON.parse(cmd)).toEqual(['node', ...NODE_MEMORY_FLAGS, 'dist/src/main.js']);
  });
});
