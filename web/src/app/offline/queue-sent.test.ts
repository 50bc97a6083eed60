import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveUpdates } from '@/api/live';
import { queueSent } from './queue-sent';

/** A change on its way to the server that is answered when the test says so. */
function sendingChange(client: QueryClient, log: string[]): () => void {
  let answer!: () => void;
  const observer = new MutationObserver(client, {
    mutationFn: () =>
      new Promise<void>((resolve) => {
        answer = () => {
          log.push('change answered');
          resolve();
        };
      }),
  });
  void observer.mutate();
  return () => answer();
}

describe('on reconnect the queue goes first, then the stream', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('waits until the changes being sent are answered', async () => {
    const client = new QueryClient();
    const log: string[] = [];
    const answer = sendingChange(client, log);
    const waited = queueSent(client).then(() => log.push('stream may connect'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual([]);
    answer();
    await waited;
    expect(log).toEqual(['change answered', 'stream may connect']);
  });

  it('does not wait with nothing queued, offline, or past its bound', async () => {
    const client = new QueryClient();
    await expect(queueSent(client)).resolves.toBeUndefined();
    sendingChange(client, []);
    onlineManager.setOnline(false);
    await expect(queueSent(client)).resolves.toBeUndefined();
    onlineManager.setOnline(true);
    const started = Date.now();
    await queueSent(client, 30);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('the live stream is requested only after the queue was sent', async () => {
    const client = new QueryClient();
    const log: string[] = [];
    const answer = sendingChange(client, log);
    const live = new LiveUpdates({
      baseUrl: 'http://hearth.test',
      session: { token: 'token', refresh: async () => true } as never,
      handlers: { change: () => undefined, reset: () => undefined },
      fetch: async () => {
        log.push('stream requested');
        live.stop();
        throw new Error('stopped');
      },
      beforeConnect: () => queueSent(client),
    });
    live.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual([]);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['change answered', 'stream requested']);
  });
});
