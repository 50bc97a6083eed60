/**
 * Signing in and what comes before it: registration, the links of the mails (confirm an address,
 * choose a password) and the forgotten-password request.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call, session, type Schema } from '@/api/client';
import { currentLocale } from '@/i18n';
import { queryKeys } from '@/api/query-keys';

export type Credentials = Schema<'LoginDto'>;
export type Registration = Schema<'RegisterDto'>;
export type PasswordRequest = Schema<'ForgotPasswordDto'>;
export type PasswordReset = Schema<'ResetPasswordDto'>;

/**
 * These forms are sent at once, offline too, so that the form shows the failure instead of waiting
 * for a network (TanStack Query would hold a mutation while it thinks the device is offline).
 */
const AT_ONCE = { networkMode: 'always' } as const;

/** Signs in with the new token; 401 INVALID_CREDENTIALS, 403 with the API's message otherwise. */
export function useSignIn() {
  return useMutation({
    ...AT_ONCE,
    mutationFn: async (body: Credentials) => {
      const signedIn = await call(api.POST('/api/v1/session', { body }));
      session.signIn(signedIn.accessToken);
    },
  });
}

/** 201 and a confirmation mail; the honeypot `website` is sent only when something filled it. */
export function useRegister() {
  return useMutation({
    ...AT_ONCE,
    mutationFn: (body: Registration) => call(api.POST('/api/v1/account/register', { body: { ...body, locale: currentLocale() as Registration['locale'] } })),
  });
}

/** 204 always: a mail goes only to a known confirmed account. */
export function useForgotPassword() {
  return useMutation({ ...AT_ONCE, mutationFn: (body: PasswordRequest) => call(api.POST('/api/v1/account/password/forgot', { body })) });
}

/** Sets the password of a reset or set-password link; every session of the account is revoked. */
export function useResetPassword() {
  return useMutation({ ...AT_ONCE, mutationFn: (body: PasswordReset) => call(api.POST('/api/v1/account/password/reset', { body })) });
}

/** Whose link it is (and, for an invitation, whose group it joins); read once per token. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: queryKeys.auth.resetLink(token),
    queryFn: () => call(api.POST('/api/v1/account/password/reset/preview', { body: { token } })),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

/** Confirms a registration or an email change: a query, not an effect, so it runs once per token even when React renders twice. */
export function useEmailConfirmation(token: string) {
  return useQuery({
    queryKey: queryKeys.auth.confirmEmail(token),
    queryFn: () => call(api.PATCH('/api/v1/account/email/confirm', { body: { token } })),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export { providerSignInUrl, useSignInOptions, type SignInOptions } from '@/api/sign-in-options';
