/** The caller's group's members: shown on the members page and offered as "Who" by the history's filters. */
import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';
import { queryKeys } from '@/api/query-keys';

export const membersKey = queryKeys.members;

export function useGroupMembers() {
  return useQuery({ queryKey: membersKey, queryFn: () => call(api.GET('/api/v1/group/members')) });
}
