/** The action history, a page at a time with its filters. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '@client';
import { api, call } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type HistoryQuery = NonNullable<paths['/api/v1/action-histories']['get']['parameters']['query']>;

/** One page of the history; the previous page stays shown while the next loads. */
export function useHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: queryKeys.history.page(query),
    queryFn: () => call(api.GET('/api/v1/action-histories', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
