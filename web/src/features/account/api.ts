/** The person's own account: profile, picture, email, password, signed-in devices and the export. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKey } from '@/api/account';
import { api, call, session, type Schema } from '@/api/client';
import { saveDownload } from '@/api/download';
import { notificationSettingsKey, useNotificationSettings } from '@/api/notification-settings';
export { markTimeZoneChosen } from '@/api/notification-settings';
import { uploadFile } from '@/api/upload';
import { translate } from '@/i18n';
import { queryKeys } from '@/api/query-keys';

export { accountKey, useAccount, useSaveLocale, type Profile } from '@/api/account';
export type SessionRow = Schema<'SessionDto'>;
export type EmailChange = Schema<'ChangeEmailDto'>;
export type PasswordChange = Schema<'ChangePasswordDto'>;
export type PictureType = Schema<'CreateUploadDto'>['contentType'];

export const sessionsKey = queryKeys.sessions;

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => call(api.GET('/api/v1/sessions')) });
}

/**
 * What the group sees of the person: the name and the birthday (`null` removes it). The token's
 * Nickname claim is taken at once, so the header agrees.
 */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { nickname: string; birthday: string | null }) => call(api.PUT('/api/v1/account', { body })),
    onSuccess: async (profile) => {
      client.setQueryData(accountKey, profile);
      // the birthday is a layer of the calendar
      void client.invalidateQueries({ queryKey: queryKeys.calendar.occurrences });
      // the claim would follow at the next refresh: take it now
      await session.refresh().catch(() => undefined);
    },
  });
}

/** 202: the address changes once the link mailed to the new one is opened. */
export function useChangeEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChange) => call(api.PUT('/api/v1/account/email', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKey }),
  });
}

/** 429 COOLDOWN inside the cooldown. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => call(api.POST('/api/v1/account/email/confirm/resend')) });
}

/** The API signs out every session, this one included: so does this tab. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => call(api.PUT('/api/v1/account/password', { body })),
    onSuccess: () => session.signOut(),
  });
}

/** Waits (bounded) until the picture has been processed; the account query then shows it. */
async function waitForProcessing(fileId: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const status = await call(api.GET('/api/v1/files/{fileId}/status', { params: { path: { fileId } } }));
    if (status.status === 'Completed') return;
    if (status.status === 'Failed') throw new Error(status.error ?? translate('account.picture.failed'));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Upload URL, the file `PUT` to it (`onProgress` from 0 to 1), confirm, then processing awaited;
 * the account is read again whatever the outcome.
 */
export function useUploadPicture(onProgress: (progress: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (picture: File) => {
      const ticket = await call(api.POST('/api/v1/account/picture', { body: { contentType: picture.type as PictureType, size: picture.size } }));
      onProgress(0);
      await uploadFile(ticket, picture, onProgress);
      const confirmed = await call(api.PATCH('/api/v1/account/picture/confirm/{imageId}', { params: { path: { imageId: ticket.imageId } } }));
      await waitForProcessing(confirmed.fileId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountKey }),
  });
}

export function useRemovePicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/api/v1/account/picture')),
    onSettled: () => client.invalidateQueries({ queryKey: accountKey }),
  });
}

/** Signs out one of the person's other devices. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: SessionRow) => call(api.DELETE('/api/v1/sessions/{tokenId}', { params: { path: { tokenId: row.id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Signs out every device but this one. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/api/v1/sessions', { params: { query: { keepCurrent: true } } })),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** "Export my data": the zip of what the person can see, saved to their device (docs/web.md, Downloads). */
export function downloadExport(onProgress: (received: number, total: number | null) => void): Promise<string> {
  return saveDownload(api.GET('/api/v1/account/export', { parseAs: 'stream' }), 'hearth-export.zip', onProgress);
}

export type NotificationSettings = Schema<'NotificationSettingsDto'>;
export type NotificationSettingsChange = Schema<'UpdateNotificationSettingsDto'>;
export type ChannelTestResult = Schema<'ChannelTestResultDto'>;

export { useNotificationSettings };

/** A PUT changes only the fields it sends; the answer is the whole settings. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsChange) => call(api.PUT('/api/v1/account/notification-settings', { body })),
    onSuccess: (settings) => client.setQueryData(notificationSettingsKey, settings),
  });
}

/** Sends a test through every chosen channel; 429 RATE_LIMITED more than once a minute. */
export function useSendTestNotification() {
  return useMutation({ mutationFn: () => call(api.POST('/api/v1/account/notification-settings/test')) });
}

/** This device's Web Push subscription, registered with the service (or removed from it). */
export const pushApi = {
  publicKey: () => call(api.GET('/api/v1/push/public-key')).then((answer) => answer.publicKey),
  subscriptions: () => call(api.GET('/api/v1/push-subscriptions')),
  subscribe: (subscription: Schema<'CreatePushSubscriptionDto'>) => call(api.POST('/api/v1/push-subscriptions', { body: subscription })),
  unsubscribe: (id: string) => call(api.DELETE('/api/v1/push-subscriptions/{id}', { params: { path: { id } } })),
};

export type AccessTokenRow = Schema<'PersonalAccessTokenDto'>;
export type NewAccessToken = Schema<'CreatePersonalAccessTokenDto'>;

/** The person's access tokens for scripts, phones and Home Assistant (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({ queryKey: queryKeys.account.accessTokens, queryFn: () => call(api.GET('/api/v1/account/tokens')) });
}

/** 201 with the token, shown this once. */
export function useCreateAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAccessToken) => call(api.POST('/api/v1/account/tokens', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.accessTokens }),
  });
}

/** Ends a token at once. */
export function useEndAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: AccessTokenRow) => call(api.DELETE('/api/v1/account/tokens/{tokenId}', { params: { path: { tokenId: token.id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.accessTokens }),
  });
}

/** Whether the account is linked to the identity provider (asked only when the service has one). */
export function useProviderLink(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.account.oidc, queryFn: () => call(api.GET('/api/v1/account/oidc')), enabled });
}

/** Begins linking: the browser goes to the provider and comes back to the Connected accounts page. */
export function useLinkProvider() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await call(api.POST('/api/v1/account/oidc/link', { body: { returnTo: '/account/connected' } }));
      window.location.assign(url);
    },
  });
}

export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) => call(api.DELETE('/api/v1/account/oidc', { body: { currentPassword } })),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.oidc }),
  });
}
