import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { countInFlight, inFlight, onRequestFinished } from './in-flight';

describe('countInFlight', () => {
  it('counts a request until it is answered, and one the client abandons until its connection closes', async () => {
    const fastify = Fastify();
    countInFlight(fastify);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fastify.get('/slow', async () => {
      await held;
      return { ok: true };
    });
    fastify.get('/fast', async () => ({ ok: true }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
    let finished = 0;
    const unsubscribe = onRequestFinished(() => finished++);
    try {
      const before = inFlight.count;
      await fetch(`${base}/fast`);
      expect(inFlight.count).toBe(before);
      expect(finished).toBe(1);

      const abort = new AbortController();
      const abandoned = fetch(`${base}/slow`, { signal: abort.signal }).catch(() => 'aborted');
      const answered = fetch(`${base}/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(inFlight.count).toBe(before + 2);
      abort.abort();
      expect(await abandoned).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(inFlight.count).toBe(before + 1);
      release();
      expect((await answered).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(inFlight.count).toBe(before);
      expect(finished).toBe(3);
    } finally {
      unsubscribe();
      release();
      await fastify.close();
    }
  });
});
