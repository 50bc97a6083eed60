/**
 * Whose data the device keeps, and for how long (docs/offline.md): the signed-in person's cache and
 * queued changes are kept while their session lasts and removed, from memory and from the device,
 * the moment it ends in any way (signed out here or in another tab, revoked from another device,
 * the account deactivated, a refresh refused with 401/403, at start-up too). The store itself
 * (app/offline/persist.ts, IndexedDB) is loaded after the first paint; this part decides when.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Claims } from '@/api/claims';
import type { Session } from '@/api/session';

/** What the device's store offers (persist.ts), as the keeper uses it. */
export interface DeviceStore {
  /** starts keeping the person's data; resolves to the function that stops it once every write is done */
  startPersistence(client: QueryClient, claims: Claims): Promise<() => Promise<void>>;
  /** removes the person's data and queue; `null`: everyone's (no one on this device has a session) */
  forget(userId: string | null): Promise<void>;
  /** the person last signed in here, to open the app with no network */
  lastUser(): Promise<{ claims: Claims } | undefined>;
}

/** Whether the device may hold anything (the store's database exists; unknown: yes), without loading the store. */
async function mayHoldData(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return true;
  const databases = await indexedDB.databases().catch(() => null);
  return !databases || databases.some((database) => database.name === 'hearth-offline');
}

/**
 * Keeps the signed-in person's data on the device and removes it when their session ends. Starts,
 * stops and removals run one after the other, so a removal never races the next sign-in's store.
 * Returns `stop` and `idle` (resolves when every start, stop and removal asked for so far is done).
 */
export function keepOnDevice(session: Session, client: QueryClient, load: () => Promise<DeviceStore>) {
  let work: Promise<unknown> = Promise.resolve();
  let keptFor: string | null = null;
  let stopKeeping: Promise<(() => Promise<void>) | undefined> | null = null;
  const then = (step: () => Promise<unknown>) => {
    work = work.then(step).catch(() => undefined);
    return work;
  };

  const start = () => {
    const { status, claims } = session.getSnapshot();
    if (status !== 'signedIn' || !claims || claims.userId === keptFor) return;
    keptFor = claims.userId;
    let started!: (stop: (() => Promise<void>) | undefined) => void;
    stopKeeping = new Promise((resolve) => (started = resolve));
    void then(async () => started(await (await load()).startPersistence(client, claims).catch(() => undefined)));
  };

  const ended = ({ userId }: { userId: string | null }) => {
    const stopping = stopKeeping;
    keptFor = null;
    stopKeeping = null;
    void then(async () => {
      const stop = await stopping;
      await stop?.();
      // what was in memory goes with the session (a refusal at start-up has nothing there yet, and
      // clearing then would orphan the sign-in page's own queries)
      if (userId) client.clear();
      // a first visit (refused for want of a cookie) loads no store to empty
      if (userId || (await mayHoldData())) await (await load()).forget(userId);
    });
  };

  const unsubscribe = session.subscribe(start);
  const unlisten = session.onEnd(ended);
  start();
  return {
    /** stops watching and keeping (what is stored stays: the session has not ended) */
    stop: () => {
      unsubscribe();
      unlisten();
      const stopping = stopKeeping;
      keptFor = null;
      stopKeeping = null;
      void then(async () => (await stopping)?.());
    },
    idle: () => work.then(() => undefined),
  };
}

/**
 * At start-up with no network: the person last signed in here goes on with what was kept (their
 * session could not be refused, so it was not) and this resolves true; with no one kept, whatever
 * the device still holds is removed and this resolves false: the app then says it is offline and
 * what works once someone has signed in (signing in needs the network).
 */
export async function startOffline(session: Session, load: () => Promise<DeviceStore>): Promise<boolean> {
  const kept = await load()
    .then((store) => store.lastUser())
    .catch(() => undefined);
  if (kept) {
    session.resumeOffline(kept.claims);
    return true;
  }
  // nothing to open: whatever else the device holds belongs to no one who may see it
  if (await mayHoldData()) {
    await load()
      .then((store) => store.forget(null))
      .catch(() => undefined);
  }
  return false;
}
