import { AppError } from '../errors/app-error';
import { BoundedPool } from './bounded-pool';

/** A task that finishes when the test says so. */
function gate(): { promise: Promise<void>; open: () => void; fail: (error: Error) => void } {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedPool', () => {
  it('runs at most `concurrency` tasks and starts the waiting ones in arrival order', async () => {
    const pool = new BoundedPool(2, 60_000);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      pool.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(pool.stats).toEqual({ running: 2, queued: 3 });
    gates[1].open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(pool.stats).toEqual({ running: 0, queued: 0 });
  });

  it('refuses a task that waited longer than the timeout with 503 SERVICE_UNAVAILABLE and Retry-After, never running it', async () => {
    const pool = new BoundedPool(1, 20);
    const held = gate();
    const first = pool.run(() => held.promise);
    let ran = false;
    const error = await pool
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
    expect(Number((error as AppError).headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(ran).toBe(false);
    expect(pool.stats).toEqual({ running: 1, queued: 0 });
    held.open();
    await first;
    // the slot is free again
    expect(await pool.run(async () => 'ok')).toBe('ok');
  });

  it('drops timed-out waiters from the queue without disturbing the ones that came later', async () => {
    const pool = new BoundedPool(1, 30);
    const held = gate();
    const first = pool.run(() => held.promise);
    const late = [pool.run(async () => 'a'), pool.run(async () => 'b')].map((run) => run.catch((e: AppError) => e.code));
    expect(await Promise.all(late)).toEqual(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    expect(pool.stats).toEqual({ running: 1, queued: 0 });
    const next = pool.run(async () => 'c');
    held.open();
    await first;
    expect(await next).toBe('c');
    expect(pool.stats).toEqual({ running: 0, queued: 0 });
  });

  it('releases the slot when a task fails, and passes the failure on', async () => {
    const pool = new BoundedPool(1, 60_000);
    const failing = gate();
    const first = pool.run(() => failing.promise);
    const second = pool.run(async () => 'second');
    failing.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('second');
    expect(pool.stats).toEqual({ running: 0, queued: 0 });
  });

  it('releases the slot when a task throws synchronously', async () => {
    const pool = new BoundedPool(1, 60_000);
    await expect(
      pool.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await pool.run(async () => 1)).toBe(1);
  });

  it('lends the idle slots only while idle() says so, and starts waiters on release by the same rule', async () => {
    let otherRequests = 0;
    const pool = new BoundedPool(1, 60_000, { limit: 2, idle: () => otherRequests === 0 });
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const task = (i: number) =>
      pool.run(async () => {
        started.push(i);
        await gates[i].promise;
      });
    // nothing else in flight: two at once
    const runs = [task(0), task(1)];
    await tick();
    expect(started).toEqual([0, 1]);
    // another request arrives: the third waits although a slot would be free while idle
    otherRequests = 1;
    runs.push(task(2), task(3));
    await tick();
    expect(pool.stats).toEqual({ running: 2, queued: 2 });
    gates[0].open();
    await tick();
    // busy: back to one slot, so the release starts nobody
    expect(started).toEqual([0, 1]);
    expect(pool.stats).toEqual({ running: 1, queued: 2 });
    gates[1].open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    otherRequests = 0;
    gates[2].open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3].open();
    await Promise.all(runs);
    expect(pool.stats).toEqual({ running: 0, queued: 0 });
  });
});
