import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lowerThreadPoolPriority } from './thread-priority';

const MODULE = pathToFileURL(join(__dirname, 'thread-priority.ts')).href;

/**
 * Runs `body` in a new Node process (nice values cannot be lowered again without privilege, so
 * this test process's threads are left alone) with `lower` imported from this module's source, and
 * returns what it printed as JSON.
 */
function inChild(body: string): any {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { getPriority } from 'node:os';
    import { pbkdf2 } from 'node:crypto';
    import { lowerThreadPoolPriority as lower } from '${MODULE}';
    const poolWork = () => new Promise((resolve, reject) => pbkdf2('x', 'salt', 1000, 32, 'sha256', (e, key) => (e ? reject(e) : resolve(key))));
    const comm = (id) => readFileSync('/proc/self/task/' + id + '/comm', 'utf8').trim();
    const threads = () => readdirSync('/proc/self/task').map((id) => ({ id: Number(id), name: comm(id) }));
    const priorities = () => threads().map((t) => ({ ...t, nice: getPriority(t.id) }));
    ${body}
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

const linux = process.platform === 'linux' ? describe : describe.skip;

linux('lowerThreadPoolPriority', () => {
  // 19, the lowest priority: raising a nice value needs no privilege, whatever the runner's own is
  it("lowers every libuv worker and leaves the event loop's and V8's threads as they are", () => {
    const result = inChild(`
      await poolWork();
      const changed = lower(19);
      console.log(JSON.stringify({ changed, threads: priorities(), main: process.pid }));
    `);
    const workers = result.threads.filter((thread: any) => thread.name === 'libuv-worker');
    expect(workers.length).toBeGreaterThanOrEqual(4);
    expect(result.changed).toBe(workers.length);
    for (const worker of workers) expect(worker.nice).toBe(19);
    const others = result.threads.filter((thread: any) => thread.name !== 'libuv-worker');
    expect(others.map((thread: any) => thread.id)).toContain(result.main);
    const eventLoop = others.find((thread: any) => thread.id === result.main);
    expect(eventLoop.nice).toBeLessThan(19);
    for (const other of others) expect(other.nice).toBe(eventLoop.nice);
  });

  it('keeps the pool working on the lowered threads', () => {
    const result = inChild(`
      await poolWork();
      lower(19);
      const key = await poolWork();
      console.log(JSON.stringify({ bytes: key.length }));
    `);
    expect(result).toEqual({ bytes: 32 });
  });

  it('changes nothing at 0, or where the threads cannot be listed', () => {
    expect(lowerThreadPoolPriority(0)).toBe(0);
    expect(lowerThreadPoolPriority(19, '/nonexistent')).toBe(0);
  });
});
