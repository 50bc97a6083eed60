/** The signed-in person's account, read by the account page and by the app (its language). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setLocale } from '@/i18n';
import { api, call, type Schema } from './client';
import { queryKeys } from '@/api/query-keys';

export type Profile = Schema<'ProfileDto'>;

export const accountKey = queryKeys.account.all;
const accountLocaleKey = queryKeys.account.locale;

export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: accountKey, queryFn: () => call(api.GET('/api/v1/account')), ...options });
}

/** The account's language, read once a session (the app follows it; the account page reads the whole account fresh). */
export function useAccountLocale() {
  return useQuery({ queryKey: accountLocaleKey, queryFn: async () => (await call(api.GET('/api/v1/account'))).locale, staleTime: Infinity });
}

/** Keeps `locale` on the account (the mails follow it) and switches the app to it. */
export function useSaveLocale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locale: string) => call(api.PUT('/api/v1/account', { body: { locale: locale as Schema<'UpdateProfileDto'>['locale'] } })),
    onSuccess: (profile) => {
      client.setQueryData(accountKey, profile);
      client.setQueryData(accountLocaleKey, profile.locale);
      if (profile.locale) setLocale(profile.locale);
    },
  });
}
