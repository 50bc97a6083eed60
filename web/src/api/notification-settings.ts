/**
 * The person's notification settings: edited on the account page, and read by the notes' "Remind me"
 * for the person's own time zone (a reminder's default zone).
 */
import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';

export const notificationSettingsKey = ['account', 'notification-settings'] as const;

export function useNotificationSettings(enabled = true) {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: () => call(api.GET('/api/v1/account/notification-settings')), enabled });
}
