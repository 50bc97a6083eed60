/**
 * The small, always-loaded part of offline support: whether the network is there (TanStack Query's
 * onlineManager), when the data shown was last read from the server, and whether a new version of
 * the app waits. The heavy parts (persister, service worker) load after the first paint.
 */
import { useSyncExternalStore } from 'react';
import { onlineManager, type QueryClient } from '@tanstack/react-query';

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/** When the newest data in the cache was read from the server (epoch ms; 0 for none). */
export function lastUpdated(client: QueryClient): number {
  return client
    .getQueryCache()
    .getAll()
    .reduce((newest, query) => (query.state.data !== undefined ? Math.max(newest, query.state.dataUpdatedAt) : newest), 0);
}

let reloadToUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called by the service worker's registration when a new version is ready. */
export function updateReady(reload: () => void): void {
  reloadToUpdate = reload;
  for (const listener of listeners) listener();
}

/** The function that reloads into the new version, or null while there is none. */
export function useUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reloadToUpdate,
  );
}
