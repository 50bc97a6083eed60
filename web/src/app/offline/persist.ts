/**
 * What the app keeps for offline use (docs/offline.md), loaded after the first paint: TanStack
 * Query's persister writes the signed-in person's cache to IndexedDB (idb-keyval), one entry per
 * user, on every change of it: the notes with their items, the places list, the budget pages last
 * seen, and the queued notes changes (paused mutations), so they survive a reload or a closed tab.
 * The entry is removed when the person's session ends, however it ends (keeper.ts decides when).
 */
import { clear, createStore, del, get, set } from 'idb-keyval';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import type { Claims } from '@/api/claims';
// the notes' queued operations (registered with the query client in query-client.ts)
import { NOTE_OP_KEY } from '@/features/notes/ops';
import { offlineKeys, under } from '@/api/query-keys';

const store = createStore('hearth-offline', 'keyval');
const LAST_USER = 'last-user';
const cacheKey = (userId: string) => `cache:${userId}`;
/** Raised when what is stored changes shape: older entries are then dropped. */
const BUSTER = 'hearth-1';
/** How long stored data stays usable offline. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The signed-in person, for opening the app with no network (no token: none is ever stored). */
export interface OfflineUser {
  claims: Claims;
}

export function lastUser(): Promise<OfflineUser | undefined> {
  return get<OfflineUser>(LAST_USER, store);
}

/** The queries worth keeping: what the offline pages show (never a photo, a search or a file). */
function keep(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  return offlineKeys.some((prefix) => under(query.queryKey, prefix));
}

const NOTE_OP = JSON.stringify(NOTE_OP_KEY);
const isNoteOp = (mutation: Mutation<unknown, Error, unknown, unknown>) => JSON.stringify(mutation.options.mutationKey) === NOTE_OP;

/**
 * What goes into IndexedDB: queued operations (an operation that was being sent when the tab
 * closed comes back paused, to be sent again: the server answers a repeat as the first), refused
 * ones with their reason as plain data, and no fetch errors.
 */
function storable(client: PersistedClient): PersistedClient {
  const { queries, mutations } = client.clientState;
  return {
    ...client,
    clientState: {
      queries: queries.map((query) => ({ ...query, state: { ...query.state, error: null, fetchFailureReason: null } })),
      mutations: mutations.map((mutation) => ({
        ...mutation,
        state: {
          ...mutation.state,
          isPaused: mutation.state.status === 'pending' ? true : mutation.state.isPaused,
          // IndexedDB keeps an Error's message only: the reason goes as plain data (Refusals reads both)
          error: mutation.state.error ? plainError(mutation.state.error) : null,
          failureReason: null,
        },
      })),
    },
  };
}

function plainError(error: Error): Error {
  const refusal = (error as { refusal?: unknown }).refusal ?? null;
  return { name: error.name, message: error.message, refusal } as Error;
}

/**
 * One write at a time; a change made while one is written is written right after it (the newest
 * wins). `close` waits for the write under way and refuses any later one, so data removed after it
 * is never written back.
 */
function idbPersister(userId: string): Persister & { close(): Promise<void> } {
  let newest: PersistedClient | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    close: () => {
      closed = true;
      newest = null;
      return writing.catch(() => undefined);
    },
    persistClient: (client) => {
      if (closed) return writing;
      newest = storable(client);
      writing = writing.then(async () => {
        if (!newest) return;
        const next = newest;
        newest = null;
        await set(cacheKey(userId), next, store);
      });
      return writing;
    },
    restoreClient: async () => {
      const client = await get<PersistedClient>(cacheKey(userId), store);
      // kept data is shown at once but read again as soon as there is a network, however recent
      for (const query of client?.clientState.queries ?? []) query.state.isInvalidated = true;
      return client;
    },
    removeClient: () => del(cacheKey(userId), store),
  };
}

/**
 * Restores the person's stored cache (newer data in memory wins), resumes their queued changes and
 * keeps the store up to date from then on. Returns the function that stops keeping it (resolved
 * once the last write is done).
 */
export async function startPersistence(client: QueryClient, claims: Claims): Promise<() => Promise<void>> {
  await set(LAST_USER, { claims } satisfies OfflineUser, store);
  const persister = idbPersister(claims.userId);
  await persistQueryClientRestore({ queryClient: client, persister, maxAge: MAX_AGE_MS, buster: BUSTER }).catch(() => undefined);
  const options = {
    queryClient: client,
    persister,
    buster: BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: keep,
      shouldDehydrateMutation: (mutation: Mutation<unknown, Error, unknown, unknown>) =>
        isNoteOp(mutation) && (mutation.state.status === 'pending' || mutation.state.status === 'error'),
    },
  };
  const unsubscribe = persistQueryClientSubscribe(options);
  // what was read before the subscription started (a page that loaded faster than this module)
  // is kept now, not only at the next change of the cache
  await persistQueryClientSave(options).catch(() => undefined);
  void client.resumePausedMutations();
  return () => {
    unsubscribe();
    return persister.close();
  };
}

/**
 * The end of a session: the person's stored data and queued changes go, and with them the right to
 * open the app offline. `null`: everything stored (a refresh refused at start-up, whoever it was).
 */
export async function forget(userId: string | null): Promise<void> {
  if (userId === null) return clear(store);
  await del(cacheKey(userId), store);
  if ((await lastUser())?.claims.userId === userId) await del(LAST_USER, store);
}
