import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength, registerDecorator } from 'class-validator';

/** The largest amount accepted: below a billion, well inside numeric(14,2) even when summed. */
export const MAX_AMOUNT = '999999999.99';

/** A positive decimal string with at most two decimals and no exponent, sign or leading zeros. */
export const MONEY_PATTERN = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/**
 * Money in a body: a JSON string like "12.34" (> 0, ≤ 999999999.99, at most 2 decimals).
 * Numbers are refused so that no float ever carries money.
 */
export function IsMoney(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: '$property must be a decimal string such as "12.34"' }),
    MaxLength(12),
    Matches(MONEY_PATTERN, { message: `$property must be a positive amount with at most 2 decimals, at most ${MAX_AMOUNT}` }),
    IsPositiveAmount(),
  );
}

/** A signed decimal string with at most two decimals, as a balance can be (an overdrawn account starts below zero). */
export const SIGNED_MONEY_PATTERN = /^-?(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

/** A balance in a body: a JSON string like "1250.00", "-80.5" or "0" (|value| ≤ 999999999.99, at most 2 decimals). */
export function IsSignedMoney(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: '$property must be a decimal string such as "1250.00"' }),
    MaxLength(13),
    Matches(SIGNED_MONEY_PATTERN, { message: `$property must be an amount with at most 2 decimals, between -${MAX_AMOUNT} and ${MAX_AMOUNT}` }),
  );
}

/** A one-off class-validator rule. */
function rule(name: string, message: string, validate: (value: unknown) => boolean): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName as string, options: { message }, validator: { validate } });
}

const IsPositiveAmount = () =>
  rule('isPositiveAmount', '$property must be greater than 0', (value) => typeof value !== 'string' || !/^0(\.0{1,2})?$/.test(value));

/** `YYYY-MM-DD` of a real calendar day between 1900 and 9999. */
export function isDateOnly(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const parsed = new Date(`${value}T00:00:00Z`);
  return year >= 1900 && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const IsDateOnly = (): PropertyDecorator => rule('isDateOnly', '$property must be a date YYYY-MM-DD', isDateOnly);

/** `#RRGGBB` */
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
/** an icon identifier such as `ShoppingCart` or `home-outline` */
export const ICON_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;
