import { useQuery } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';

export type AdminUser = Schema<'AdminUserDto'>;
export type Group = Schema<'GroupDto'>;
export type UserStatus = AdminUser['status'];

export const groupsKey = ['admin', 'groups'] as const;
export const usersKey = ['admin', 'users'] as const;

export function useGroups() {
  return useQuery({ queryKey: groupsKey, queryFn: () => call(api.GET('/api/v1/groups')) });
}

export interface UsersQuery {
  status?: UserStatus;
  search?: string;
  page?: number;
  pageSize?: number;
}

export function useUsers(query: UsersQuery) {
  return useQuery({ queryKey: [...usersKey, query], queryFn: () => call(api.GET('/api/v1/users', { params: { query } })) });
}

/** The status moves the API allows (any other is 409 INVALID_TRANSITION). */
export const STATUS_MOVES: Record<UserStatus, UserStatus[]> = {
  Pending: ['Active', 'Declined'],
  Active: ['Deactivated'],
  Deactivated: ['Active'],
  Declined: ['Active'],
};

export const STATUS_ACTION: Record<UserStatus, string> = {
  Active: 'Activate',
  Declined: 'Decline',
  Deactivated: 'Deactivate',
  Pending: 'Mark pending',
};
