import type { EntityManager } from 'typeorm';

/** Per database transaction (query runner): lookups by key. */
const caches = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `load` once per key within the manager's transaction, so a change that writes many history
 * rows (a reorder, a note deleted with its items, an import) asks once per parent. A manager without
 * a query runner (outside any transaction) is not cached: it lives as long as the process.
 */
export function oncePerTransaction<T>(manager: EntityManager, key: string, load: () => Promise<T>): Promise<T> {
  const scope = manager.queryRunner;
  if (!scope) return load();
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = new Map()));
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    cache.set(key, value);
  }
  return value;
}
