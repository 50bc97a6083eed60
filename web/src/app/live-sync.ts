/**
 * What each live change invalidates: exactly the cached queries that show the changed entity
 * (docs/live.md, Web client). Only queries on screen refetch at once; typed input lives in the
 * forms' own state, so nothing a person is typing is lost.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveChange } from '@/api/live';
import { queryKeys, under } from '@/api/query-keys';

type Match = (key: QueryKey) => boolean;

const starts =
  (prefix: readonly unknown[]): Match =>
  (key) =>
    under(key, prefix);

const { notes, map, budget, admin, calendar } = queryKeys;

/** The queries a change of one entity type touches. */
function touched(change: LiveChange): Match[] {
  const id = change.entityId;
  const parent = change.parentId;
  switch (change.entityType) {
    case 'Note':
      // a note's reminder is a layer of the calendar
      return [starts(notes.lists), starts(notes.detail(id)), starts(calendar.occurrences)];
    case 'NoteItem':
      return [starts(notes.lists), starts(parent ? notes.detail(parent) : notes.details)];
    case 'ShoppingTrip':
      // a trip starts or ends on a list (its note): the banner, and the items it marked new
      return [starts(notes.lists), starts(parent ? notes.detail(parent) : notes.details)];
    case 'ShoppingStore':
      return [starts(notes.stores)];
    case 'Marker':
      return [starts(map.markers), starts(map.locations), starts(map.marker(id))];
    case 'MarkerImage':
      return parent ? [starts(map.images(parent)), starts(map.marker(parent)), starts(map.markers)] : [starts(map.imagesAny)];
    case 'Transaction':
      // a shared transaction moves the balances and their explanations
      return [starts(budget.transactions), starts(budget.transaction(id)), starts(budget.reports), starts(budget.accounts), starts(budget.balancesAll)];
    case 'Settlement':
      return [starts(budget.settlementsAll), starts(budget.balancesAll)];
    case 'SplitSettings':
      // units change the parties of the balances
      return [starts(budget.splitSettings), starts(budget.balancesAll)];
    case 'Category':
      return [starts(budget.categories), starts(budget.transactions), starts(budget.reports)];
    case 'BudgetAccount':
      return [starts(budget.accounts), starts(budget.transactions), starts(budget.reports)];
    case 'RecurringTransaction':
      // bills are a layer of the calendar
      return [starts(budget.recurringAll), starts(calendar.occurrences)];
    case 'CalendarEvent':
      // a new, moved or deleted event or occurrence of a series: every range shown, and the event
      return [starts(calendar.occurrences), starts(calendar.event(id))];
    case 'CalendarEventException':
      // one occurrence changed on its own: the ranges and its series
      return [starts(calendar.occurrences), starts(parent ? calendar.event(parent) : calendar.events)];
    case 'CalendarSubscription':
      // an outside calendar added, removed or refreshed with new events: the list, and its layer in every range shown
      return [starts(calendar.subscriptions), starts(calendar.occurrences)];
    case 'CalendarFeed':
      // the owner's own feed addresses (only the owner is sent the event): their list on the owner's other devices
      return [starts(calendar.feeds)];
    case 'User':
      // birthdays are a layer of the calendar
      return [starts(queryKeys.members), starts(admin.users), starts(queryKeys.account.all), starts(calendar.occurrences)];
    case 'Notification':
      // the bell's count and the inbox (only its recipient is sent the event)
      return [starts(queryKeys.notifications.all)];
    case 'Group':
      return [starts(queryKeys.members), starts(admin.groups)];
    default:
      return [];
  }
}

/**
 * Invalidates what changes touch, a few at a time: a burst (an import, a reorder) becomes one
 * refetch per query rather than one per event.
 */
export function liveInvalidation(client: QueryClient, delayMs = 50) {
  let pending: Match[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const matches = pending;
    pending = [];
    void client.invalidateQueries({ predicate: (query) => matches.some((match) => match(query.queryKey)) });
  };
  return {
    change(change: LiveChange): void {
      // every change is a line of the history
      pending.push(...touched(change), starts(queryKeys.history.all));
      timer ??= setTimeout(flush, delayMs);
    },
    reset(): void {
      void client.invalidateQueries();
    },
  };
}
