import { QueryClient } from '@tanstack/react-query';
import { ProblemError } from '@/api/problem';

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
