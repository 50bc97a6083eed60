/**
 * The header's search: the server's answer (GET /search) while online, and with no network the
 * offline matcher over what this device keeps (match.ts). Search answers are never kept for
 * offline use (app/offline/persist.ts keeps only the pages' own data).
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, call, type Schema } from '@/api/client';
import type { Claims } from '@/api/claims';
import { matchOffline, type Searchable } from './match';
import { queryKeys } from '@/api/query-keys';

export type SearchHit = Schema<'SearchHitDto'>;

/** The server's hits for `q` (already debounced): keyed by the query, so the last one typed is the one shown. */
export function useServerSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => call(api.GET('/api/v1/search', { params: { query: { q, pageSize: 40 } }, signal })),
    enabled: enabled && q.trim().length > 0,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

interface NoteData {
  id: string;
  title: string;
  content?: string | null;
  updatedDate: string;
  items?: { id: string; text: string }[];
}
interface PlaceData {
  id: string;
  title: string;
  description?: string;
  address?: string | null;
  date: string;
  deletedDate?: string | null;
}
interface TransactionData {
  id: string;
  description?: string | null;
  amount: string;
  date: string;
}

const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** Everything the query cache holds that a search may show (each thing once), for the group's modules. */
export function cachedSearchables(client: QueryClient, claims: Claims | null): Searchable[] {
  const modules = new Set(claims?.modules ?? []);
  const things = new Map<string, Searchable>();
  const add = (thing: Searchable) => things.set(`${thing.type}:${thing.id}`, thing);
  if (modules.has('Notes')) {
    const notes = client
      .getQueriesData<NoteData[] | NoteData>({ queryKey: queryKeys.notes.all })
      .flatMap(([, data]) => (Array.isArray(data) ? data : data ? [data] : []));
    for (const note of notes) {
      if (!note?.id || typeof note.title !== 'string') continue;
      add({ type: 'Note', id: note.id, title: note.title, body: note.content, date: note.updatedDate });
      for (const item of note.items ?? []) add({ type: 'NoteItem', id: item.id, parentId: note.id, title: item.text, date: note.updatedDate });
    }
  }
  if (modules.has('Map')) {
    for (const [, page] of client.getQueriesData<{ items?: PlaceData[] }>({ queryKey: queryKeys.map.markers })) {
      for (const place of page?.items ?? []) {
        if (place.deletedDate) continue;
        add({
          type: 'Place',
          id: place.id,
          title: place.title,
          body: [plainText(place.description ?? ''), place.address].filter(Boolean).join(' · '),
          date: place.date,
        });
      }
    }
  }
  if (modules.has('Budget')) {
    for (const [, page] of client.getQueriesData<{ items?: TransactionData[] }>({ queryKey: queryKeys.budget.transactions })) {
      for (const t of page?.items ?? []) add({ type: 'Transaction', id: t.id, title: t.description ?? '', amount: t.amount, date: t.date });
    }
  }
  return [...things.values()];
}

/** The offline matcher's hits for `q` over the cache. */
export function useOfflineSearch(q: string, enabled: boolean, claims: Claims | null) {
  const client = useQueryClient();
  return useMemo(() => (enabled ? matchOffline(cachedSearchables(client, claims), q) : []), [client, claims, q, enabled]);
}
