import { useQuery } from '@tanstack/react-query';
import { api, call } from '@/api/client';

export const accountKey = ['account'] as const;
export const sessionsKey = ['sessions'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: () => call(api.GET('/api/v1/account')) });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => call(api.GET('/api/v1/sessions')) });
}
