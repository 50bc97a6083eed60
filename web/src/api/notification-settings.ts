/**
 * The person's notification settings: edited on the account page, and read by the notes' "Remind me"
 * for the person's own time zone (a reminder's default zone); the shell takes the browser's zone
 * at the first sign-in.
 */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from './client';
import { queryKeys } from '@/api/query-keys';

export const notificationSettingsKey = queryKeys.account.notificationSettings;

export function useNotificationSettings(enabled = true) {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: () => call(api.GET('/api/v1/account/notification-settings')), enabled });
}

/** The browser's own IANA zone (`Europe/Berlin`), or null where it cannot say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const zoneTakenKey = (userId: string) => `hearth.timezone-set.${userId}`;

/** Remembers on this device that the person's zone was taken from this browser or chosen by them. */
export function markTimeZoneChosen(userId: string): void {
  try {
    localStorage.setItem(zoneTakenKey(userId), '1');
  } catch {
    // storage refused: asked again at the next sign-in, which changes nothing when the zone is set
  }
}

/**
 * At the first sign-in the settings have no zone of their own (the service answers its default,
 * `UTC`): the browser's zone is taken, once per person and device. A zone the person chose (any
 * other than UTC, or UTC saved on the account page) is never overwritten.
 */
export function useTimeZoneFromBrowser(userId: string | null) {
  const client = useQueryClient();
  const settings = useNotificationSettings(userId !== null);
  const zone = browserTimeZone();
  const data = settings.data;
  const needed = userId !== null && data !== undefined && data.timeZone === 'UTC' && zone !== null && zone !== 'UTC' && !hasChosenZone(userId);
  const save = useMutation({
    mutationFn: (timeZone: string) => call(api.PUT('/api/v1/account/notification-settings', { body: { timeZone } })),
    onSuccess: (saved) => {
      client.setQueryData(notificationSettingsKey, saved);
      if (userId) markTimeZoneChosen(userId);
    },
  });
  const { isIdle, mutate } = save;
  useEffect(() => {
    if (needed && zone && isIdle) mutate(zone);
  }, [needed, zone, isIdle, mutate]);
}

function hasChosenZone(userId: string): boolean {
  try {
    return localStorage.getItem(zoneTakenKey(userId)) === '1';
  } catch {
    return false;
  }
}
