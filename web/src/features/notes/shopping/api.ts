/**
 * The shopping list's own calls (loaded with its code, never with the first page): the group's
 * stores, trips, and the items it knows (learned and recent). List items themselves are queued
 * operations of the notes (../ops.ts) like on any list.
 */
import { useEffect, useMemo } from 'react';
import { isAisle, type Aisle } from '@domain/shopping/aisles';
import { isCatalogLocale } from '@domain/shopping/catalogs';
import { readQuantity } from '@domain/shopping/quantity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { currentLocale } from '@/i18n';
import { newId, onMerged, runNoteOp } from '../ops';
import type { KnownItem } from './suggest';

export type ShoppingStore = Schema<'StoreDto'>;

const { notes } = queryKeys;

/** The group's stores (kept on the device with the notes, so a list opens in its store's order offline). */
export function useStores() {
  return useQuery({ queryKey: notes.stores, queryFn: () => call(api.GET('/api/v1/shopping/stores')) });
}

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api.POST('/api/v1/shopping/stores', { body: { name } })),
    onSuccess: () => client.invalidateQueries({ queryKey: notes.stores }),
  });
}

export function useUpdateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ store, name, aisleOrder }: { store: ShoppingStore; name: string; aisleOrder: Aisle[] }) =>
      call(api.PUT('/api/v1/shopping/stores/{storeId}', { params: { path: { storeId: store.id } }, body: { name, aisleOrder } })),
    onSuccess: () => client.invalidateQueries({ queryKey: notes.stores }),
  });
}

export function useDeleteStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => call(api.DELETE('/api/v1/shopping/stores/{storeId}', { params: { path: { storeId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: notes.stores }),
  });
}

/** The note as the answer shows it, in its page and in the lists. */
function useTripMutation<T>(noteId: string, send: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: notes.detail(noteId) }), client.invalidateQueries({ queryKey: notes.lists })]),
  });
}

/** Starts a shopping trip (needs the network: the others are told). */
export function useStartTrip(noteId: string) {
  return useTripMutation(noteId, (storeId: string | null) =>
    call(api.POST('/api/v1/notes/{noteId}/trip', { params: { path: { noteId } }, body: storeId ? { storeId } : {} })),
  );
}

export function useEndTrip(noteId: string) {
  return useTripMutation(noteId, () => call(api.DELETE('/api/v1/notes/{noteId}/trip', { params: { path: { noteId } } })));
}

/**
 * The group's own items for the add field's suggestions: the recent ones (kept on the device with
 * the notes, so they are offered offline too) and, while something is typed and there is a
 * network, the learned ones that start so (the catalogue itself is searched on the device).
 */
export function useKnownItems(typed: string): KnownItem[] {
  const language = currentLocale();
  const locale = isCatalogLocale(language) ? language : 'en';
  const q = readQuantity(typed).text.trim().slice(0, 100);
  const recent = useQuery({ queryKey: notes.recent(locale), queryFn: () => call(api.GET('/api/v1/catalog', { params: { query: { locale, limit: 1 } } })) });
  const learned = useQuery({
    queryKey: queryKeys.shoppingLearned(locale, q),
    queryFn: () => call(api.GET('/api/v1/catalog', { params: { query: { locale, q, limit: 1 } } })),
    enabled: q.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return useMemo(
    () => [
      ...(recent.data?.recent ?? []).map((item): KnownItem => ({
        text: item.text,
        aisle: item.aisle,
        quantity: item.quantity,
        catalogItemId: item.catalogItemId,
        count: item.count,
        source: 'recent',
      })),
      ...(q ? (learned.data?.learned ?? []) : []).map((item): KnownItem => ({
        text: item.text,
        aisle: item.aisle,
        quantity: item.quantity,
        catalogItemId: null,
        count: 0,
        source: 'learned',
      })),
    ],
    [recent.data, learned.data, q],
  );
}

/** Calls `mark` with the item an add of this device was merged into by the server (someone else's, say). */
export function useOnMerged(noteId: string, mark: (itemId: string) => void): void {
  useEffect(() => onMerged((merged) => merged.noteId === noteId && mark(merged.itemId)), [noteId, mark]);
}

/**
 * Adds an item to a shopping list, queued like every change of a list (docs/offline.md); `into`
 * names the item already there that it merges into (the server does the same: one thing never
 * twice). Returns the id of the item that shows it.
 */
export function addShoppingItem(
  noteId: string,
  item: { text: string; quantity: string | null; aisle: string | null; catalogItemId: string | null },
  into?: { itemId: string; quantity: string | null },
): string {
  const itemId = newId();
  runNoteOp({
    kind: 'addItem',
    noteId,
    itemId,
    fields: { text: item.text, url: null, quantity: item.quantity, aisle: isAisle(item.aisle) ? item.aisle : null, catalogItemId: item.catalogItemId },
    ...(into ? { into } : {}),
  });
  return into?.itemId ?? itemId;
}
