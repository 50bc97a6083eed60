import { useSyncExternalStore } from 'react';
import { session } from '@/api/client';
import type { SessionSnapshot } from '@/api/session';

/** The session as React sees it: re-renders when the token (and so the claims) change. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
