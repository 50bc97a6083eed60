import type { EntityManager } from 'typeorm';
import { oncePerTransaction } from '../../history/lookup-cache';
import { CALENDAR_EVENT_PRIVACY } from '../calendar.sql';

/**
 * What the history rows of an event's changed occurrences need of their event: whose private event
 * it is (null: the group's) and its title; read once per event and transaction, through the history
 * subscriber's manager. Kept apart so the entities do not import the repository.
 */
function eventFacts(manager: EntityManager, eventId: string): Promise<{ privateTo: string | null; title: string | null }> {
  return oncePerTransaction(manager, `calendar-event:${eventId}`, async () => {
    const [row]: { is_private: boolean; created_by: string | null; title: string }[] = await manager.query(CALENDAR_EVENT_PRIVACY.text, [eventId]);
    return { privateTo: row?.is_private ? row.created_by : null, title: row?.title ?? null };
  });
}

export async function exceptionPrivateTo(manager: EntityManager, eventId: string): Promise<string | null> {
  return (await eventFacts(manager, eventId)).privateTo;
}

export async function exceptionParentLabel(manager: EntityManager, eventId: string): Promise<string | null> {
  return (await eventFacts(manager, eventId)).title;
}
