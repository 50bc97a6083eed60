import { AppError } from '../../common/errors/app-error';

/** The account feature's failures that several flows share. */
export const AccountErrors = {
  invalidToken: (what = 'link') => AppError.badRequest('INVALID_TOKEN', `The ${what} is invalid, was already used or has expired`),
  invalidPassword: () =>
    AppError.badRequest('INVALID_PASSWORD', 'The current password is wrong', [{ field: 'currentPassword', message: 'currentPassword is wrong' }]),
  cooldown: (seconds: number) => AppError.tooManyRequests('COOLDOWN', `A confirmation email was sent recently; try again in ${seconds} s`, seconds),
};
