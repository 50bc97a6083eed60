import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../history/lookup-cache';
import { MARKER_TITLE } from './markers.sql';

/**
 * A place's title, for its photos' history rows (`parentLabel`): the statement's text on the history
 * subscriber's manager, so in the writing transaction (as notes' `noteFacts`).
 */
export function markerTitle(manager: EntityManager, markerId: string): Promise<string | null> {
  return oncePerTransaction(manager, `marker:${markerId}`, async () => {
    const [row]: { title: string }[] = await manager.query(MARKER_TITLE.text, [markerId]);
    return row?.title ?? null;
  });
}
