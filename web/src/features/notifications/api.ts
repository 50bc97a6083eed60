/**
 * The inbox: the person's notifications (unread first, as the service orders them) and the unread
 * count the header's bell shows. A live change of entity type `Notification` (docs/live.md) makes
 * both refetch, so the badge follows without polling.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type InboxItem = Schema<'NotificationDto'>;

export const notificationsKey = queryKeys.notifications.all;
const PAGE_SIZE = 20;

/** One page of the inbox, with `unreadCount`. */
export function useInbox(page: number) {
  return useQuery({
    queryKey: queryKeys.notifications.page(page),
    queryFn: () => call(api.GET('/api/v1/notifications', { params: { query: { page, pageSize: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

/** The badge: the envelope's `unreadCount` of the smallest page there is. */
export function useUnreadCount(): number | undefined {
  const query = useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: () => call(api.GET('/api/v1/notifications', { params: { query: { page: 1, pageSize: 1, unread: true } } })),
  });
  return query.data?.unreadCount;
}

function useInboxMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }) });
}

/** Read or unread again (set-style, so a repeat changes nothing). */
export function useSetRead() {
  return useInboxMutation(({ id, read }: { id: string; read: boolean }) =>
    call(api.PATCH('/api/v1/notifications/{id}', { params: { path: { id } }, body: { read } })),
  );
}

export function useReadAll() {
  return useInboxMutation(() => call(api.POST('/api/v1/notifications/read-all')));
}

/** Where the app shows what a notification is about; null for one about nothing (a test). */
export function itemPath(item: Pick<InboxItem, 'entityType' | 'entityId'>): string | null {
  if (!item.entityId) return null;
  if (item.entityType === 'Note') return `/notes/${item.entityId}`;
  if (item.entityType === 'RecurringTransaction') return `/budget/recurring/${item.entityId}`;
  return null;
}
