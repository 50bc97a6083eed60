import { LiveUpdates } from '@/api/live';
import { session } from '@/api/client';
import { liveInvalidation } from './live-sync';
import { queueSent } from './offline/queue-sent';
import { queryClient } from './query-client';

/** This tab's part in the browser's one live stream (web/src/api/live.ts). */
export const live = new LiveUpdates({
  baseUrl: window.location.origin,
  session,
  handlers: liveInvalidation(queryClient),
  locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
  channel: typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('hearth-live') : null,
  beforeConnect: () => queueSent(queryClient),
});

if (typeof window !== 'undefined') window.addEventListener('online', () => live.retry());
