/** Administration: users, registrations, groups and backups. Each change refreshes the list it changes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { saveDownload } from '@/api/download';
import type { MessageId } from '@/i18n';
import { queryKeys } from '@/api/query-keys';

export type AdminUser = Schema<'AdminUserDto'>;
export type Group = Schema<'GroupDto'>;
export type GroupInput = Schema<'GroupBodyDto'>;
export type UserStatus = AdminUser['status'];
export type NewMember = Schema<'CreateUserDto'>;
export type CreatedMember = Schema<'CreatedUserDto'>;
export type SetPasswordLink = Schema<'SetPasswordLinkDto'>;
export type Backup = Schema<'BackupDto'>;
export type BackupList = Schema<'BackupListDto'>;

export const groupsKey = queryKeys.admin.groups;
export const usersKey = queryKeys.admin.users;
export const backupsKey = queryKeys.admin.backups;

export function useGroups() {
  return useQuery({ queryKey: groupsKey, queryFn: () => call(api.GET('/api/v1/groups')) });
}

export interface UsersQuery {
  status?: UserStatus;
  search?: string;
  page?: number;
  pageSize?: number;
}

/** A page of users; the previous page stays shown while the next loads. */
export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: queryKeys.admin.usersPage(query),
    queryFn: () => call(api.GET('/api/v1/users', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The archives; read again every `pollMs` while a started backup is awaited. */
export function useBackups(pollMs: number | false) {
  return useQuery({ queryKey: backupsKey, queryFn: () => call(api.GET('/api/v1/backups')), refetchInterval: pollMs });
}

/** A mutation that refreshes the list it changes once it succeeds. */
function useRefreshing<Variables, Result>(queryKey: QueryKey, mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}

export function useCreateMember() {
  return useRefreshing(usersKey, (body: NewMember) => call(api.POST('/api/v1/users', { body })));
}

/** A new set-password link for the user; the earlier ones stop working. */
export function useNewPasswordLink() {
  return useMutation({ mutationFn: (userId: string) => call(api.POST('/api/v1/users/{userId}/password-link', { params: { path: { userId } } })) });
}

export function useSetUserStatus() {
  return useRefreshing(usersKey, ({ userId, ...body }: { userId: string } & Schema<'ChangeStatusDto'>) =>
    call(api.PATCH('/api/v1/users/{userId}/status', { params: { path: { userId } }, body })),
  );
}

export function useSetUserRole() {
  return useRefreshing(usersKey, ({ userId, ...body }: { userId: string } & Schema<'ChangeRoleDto'>) =>
    call(api.PATCH('/api/v1/users/{userId}/role', { params: { path: { userId } }, body })),
  );
}

export function useSetUserGroup() {
  return useRefreshing(usersKey, ({ userId, ...body }: { userId: string } & Schema<'ChangeGroupDto'>) =>
    call(api.PATCH('/api/v1/users/{userId}/group', { params: { path: { userId } }, body })),
  );
}

/** Creates a group (`groupId` null) or changes one. */
export function useSaveGroup() {
  return useRefreshing(groupsKey, ({ groupId, body }: { groupId: string | null; body: GroupInput }) =>
    groupId ? call(api.PUT('/api/v1/groups/{groupId}', { params: { path: { groupId } }, body })) : call(api.POST('/api/v1/groups', { body })),
  );
}

/** 202 with the new archive's name; 409 BACKUP_IN_PROGRESS while one runs. */
export function useStartBackup() {
  return useRefreshing(backupsKey, () => call(api.POST('/api/v1/backups')));
}

/** Saves an archive to the person's device (docs/web.md, Downloads). */
export function downloadBackup(name: string, onProgress: (received: number, total: number | null) => void): Promise<string> {
  return saveDownload(api.GET('/api/v1/backups/{name}', { params: { path: { name } }, parseAs: 'stream' }), name, onProgress);
}

/** The status moves the API allows (any other is 409 INVALID_TRANSITION): the service's own rule. */
export { STATUS_MOVES } from '@domain/user-status';

/** What moving a user to a status is called (message ids). */
export const STATUS_ACTION: Record<UserStatus, MessageId> = {
  Active: 'admin.status.activate',
  Declined: 'admin.status.decline',
  Deactivated: 'admin.status.deactivate',
  Pending: 'admin.status.markPending',
};

/** A status in words (message ids). */
export const STATUS_NAME: Record<UserStatus, MessageId> = {
  Active: 'admin.status.Active',
  Declined: 'admin.status.Declined',
  Deactivated: 'admin.status.Deactivated',
  Pending: 'admin.status.Pending',
};
