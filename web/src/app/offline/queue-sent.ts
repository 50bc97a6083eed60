import { onlineManager, type QueryClient } from '@tanstack/react-query';

/** The longest a reconnect waits for the queue before it reads the stream anyway. */
const QUEUE_WAIT_MS = 15_000;

/**
 * On reconnect the queued changes go first, then the stream resumes from its cursor:
 * waits until no change is being sent or waiting to be sent. Offline nothing can be sent (nor read),
 * so it does not wait; a queue that takes longer than QUEUE_WAIT_MS does not hold the stream back.
 */
export function queueSent(client: QueryClient, waitMs = QUEUE_WAIT_MS): Promise<void> {
  const cache = client.getMutationCache();
  const sending = () => cache.getAll().some((mutation) => mutation.state.status === 'pending');
  if (!onlineManager.isOnline() || !sending()) return Promise.resolve();
  void client.resumePausedMutations();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = cache.subscribe(() => {
      if (!sending()) done();
    });
  });
}
