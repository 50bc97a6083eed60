import { AppError } from '../../common/errors/app-error';
import { supportedLocales } from '../../i18n/messages';

/** The account feature's failures that several flows share. */
export const AccountErrors = {
  invalidToken: (what = 'link') => AppError.badRequest('INVALID_TOKEN', `The ${what} is invalid, was already used or has expired`),
  invalidPassword: () =>
    AppError.badRequest('INVALID_PASSWORD', 'The current password is wrong', [{ field: 'currentPassword', message: 'currentPassword is wrong' }]),
  cooldown: (seconds: number) => AppError.tooManyRequests('COOLDOWN', `A confirmation email was sent recently; try again in ${seconds} s`, seconds),
};

/** A language Hearth has a message file for (`en`, `de`, …), else 400 LOCALE_UNSUPPORTED. */
export function assertSupportedLocale(locale: string | undefined): void {
  if (locale === undefined || supportedLocales().includes(locale)) return;
  const known = supportedLocales().join(', ');
  throw AppError.badRequest('LOCALE_UNSUPPORTED', `Hearth speaks ${known}`, [{ field: 'locale', message: `locale must be one of ${known}` }]);
}
