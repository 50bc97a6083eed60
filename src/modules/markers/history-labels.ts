import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../history/lookup-cache';

/** A place's title, for its photos' history rows (`parentLabel`). */
export function markerTitle(manager: EntityManager, markerId: string): Promise<string | null> {
  return oncePerTransaction(manager, `marker:${markerId}`, async () => {
    const [row]: { title: string }[] = await manager.query('SELECT title FROM markers WHERE id = $1', [markerId]);
    return row?.title ?? null;
  });
}
