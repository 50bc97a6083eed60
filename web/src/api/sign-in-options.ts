/** What the sign-in page offers: password sign-in, and the identity provider's button (GET /session/options). */
import { useQuery } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type SignInOptions = Schema<'SignInOptionsDto'>;

/** Read once a visit. */
export function useSignInOptions() {
  return useQuery({
    queryKey: queryKeys.auth.signInOptions,
    queryFn: () => call(api.GET('/api/v1/session/options')),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The address that signs in at the identity provider and comes back to `next` (a path of the app). */
export function providerSignInUrl(url: string, next: string | null): string {
  return next ? `${url}?returnTo=${encodeURIComponent(next)}` : url;
}
