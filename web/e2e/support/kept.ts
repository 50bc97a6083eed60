import { expect, type Page } from '@playwright/test';

/** What the app keeps on the device (IndexedDB `hearth-offline`), read without ever creating the database. */
export interface Kept {
  /** The stored entries' names (`cache:<userId>`, `last-user`), sorted. */
  entries: string[];
  /** The hashes of the kept queries (`["notes","list"]` …). */
  queries: string[];
  /** The number of queued changes waiting to be sent. */
  waiting: number;
  /** The kept queries' data as JSON, to look for a text the pages showed. */
  data: string;
}

const READ = `(async () => {
  const none = { entries: [], queries: [], waiting: 0, data: '' };
  if (!(await indexedDB.databases()).some((db) => db.name === 'hearth-offline')) return none;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('hearth-offline');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('keyval')) return none;
    const read = (method) => new Promise((resolve, reject) => {
      const request = db.transaction('keyval').objectStore('keyval')[method]();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const entries = (await read('getAllKeys')).map(String).sort();
    const cache = (await read('getAll')).find((value) => value && value.clientState);
    if (!cache) return { ...none, entries };
    const queries = cache.clientState.queries;
    return {
      entries,
      queries: queries.map((query) => query.queryHash),
      waiting: cache.clientState.mutations.filter((m) => m.state.status === 'pending').length,
      data: JSON.stringify(queries.map((query) => query.state.data)),
    };
  } finally { db.close(); }
})()`;

/** What the app has kept on this page's device now. */
export function kept(page: Page): Promise<Kept> {
  return page.evaluate(READ) as Promise<Kept>;
}

/** The signed-in shell is there (a page load has taken up the session before the next one starts). */
export async function signedIn(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: 'Menu' })).toBeVisible();
}

/** The service worker is active and controls this page (a reload brings it under control). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  if (!(await page.evaluate('!!navigator.serviceWorker.controller'))) await page.reload();
  await expect.poll(() => page.evaluate('!!navigator.serviceWorker.controller')).toBe(true);
  await signedIn(page);
}

export const offlineBar = (page: Page) => page.getByRole('status').filter({ hasText: 'Offline —' });
