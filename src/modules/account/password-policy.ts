import { registerDecorator, ValidationArguments } from 'class-validator';
import { MAX_PASSWORD_BYTES } from '../users/password.service';
import { COMMON_PASSWORDS } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 8;
const COMMON = new Set(COMMON_PASSWORDS);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  // bcrypt ignores everything past 72 bytes: refuse instead of silently cutting
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return `must be at most ${MAX_PASSWORD_BYTES} bytes in UTF-8`;
  if (COMMON.has(password.toLowerCase())) return 'is one of the most common passwords; choose another one';
  return null;
}

/** class-validator rule for a new password: length in characters and bytes, not a common password. */
export function IsAcceptablePassword(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isAcceptablePassword',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && passwordProblem(value) === null,
        defaultMessage: (args: ValidationArguments) => `${args.property} ${typeof args.value === 'string' ? passwordProblem(args.value) : 'must be a string'}`,
      },
    });
}
