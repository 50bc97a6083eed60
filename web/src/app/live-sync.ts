/**
 * What each live change invalidates: exactly the cached queries that show the changed entity
 * (docs/live.md, Web client). Only queries on screen refetch at once; typed input lives in the
 * forms' own state, so nothing a person is typing is lost.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveChange } from '@/api/live';

type Match = (key: QueryKey) => boolean;

const starts =
  (...prefix: unknown[]): Match =>
  (key) =>
    prefix.every((part, index) => key[index] === part);

/** The queries a change of one entity type touches. */
function touched(change: LiveChange): Match[] {
  const id = change.entityId;
  const parent = change.parentId;
  switch (change.entityType) {
    case 'Note':
      return [starts('notes', 'list'), starts('notes', 'detail', id)];
    case 'NoteItem':
      return [starts('notes', 'list'), ...(parent ? [starts('notes', 'detail', parent)] : [starts('notes', 'detail')])];
    case 'Marker':
      return [starts('map', 'markers'), starts('map', 'locations'), starts('map', 'marker', id)];
    case 'MarkerImage':
      return parent ? [starts('map', 'images', parent), starts('map', 'marker', parent), starts('map', 'markers')] : [starts('map', 'images')];
    case 'Transaction':
      // a shared transaction moves the balances and their explanations
      return [starts('budget', 'transactions'), starts('budget', 'transaction', id), starts('budget', 'report'), starts('budget', 'accounts'), starts('budget', 'balances')];
    case 'Settlement':
      return [starts('budget', 'settlements'), starts('budget', 'balances')];
    case 'SplitSettings':
      // units change the parties of the balances
      return [starts('budget', 'split-settings'), starts('budget', 'balances')];
    case 'Category':
      return [starts('budget', 'categories'), starts('budget', 'transactions'), starts('budget', 'report')];
    case 'BudgetAccount':
      return [starts('budget', 'accounts'), starts('budget', 'transactions'), starts('budget', 'report')];
    case 'RecurringTransaction':
      return [starts('budget', 'recurring')];
    case 'User':
      return [starts('members'), starts('admin', 'users'), starts('account')];
    case 'Notification':
      // the bell's count and the inbox (only its recipient is sent the event)
      return [starts('notifications')];
    case 'Group':
      return [starts('members'), starts('admin', 'groups')];
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
      pending.push(...touched(change), starts('history'));
      timer ??= setTimeout(flush, delayMs);
    },
    reset(): void {
      void client.invalidateQueries();
    },
  };
}
