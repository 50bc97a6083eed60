import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ProblemError } from '@/api/problem';
import { registerNoteOps } from '@/features/notes/ops';
import { queryKeys } from '@/api/query-keys';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      // a 4xx will not change on retry; outages and network errors might
      retry: (failures, error) => failures < 2 && !(error instanceof ProblemError && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/**
 * What the offline pages show stays in memory (and so in the device's store, app/offline) for a
 * week after it was last used, not five minutes (docs/offline.md).
 */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const { calendar } = queryKeys;
for (const queryKey of [queryKeys.notes.all, queryKeys.map.markers, queryKeys.budget.all, calendar.occurrences, calendar.events, calendar.zone]) {
  queryClient.setQueryDefaults(queryKey, { gcTime: WEEK_MS });
}

// the notes' queued changes (docs/offline.md), known before any is restored from the device
registerNoteOps(queryClient);

// TanStack Query assumes a network until told otherwise: an app opened offline is offline from the start
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
