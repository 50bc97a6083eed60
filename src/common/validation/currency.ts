import { ValidationOptions, registerDecorator } from 'class-validator';

/** ISO 4217 codes in current use, as the runtime's ICU data knows them (no test codes like XXX). */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CURRENCY_CODES.has(value);
}

/** An upper-case ISO 4217 currency code in current use (EUR, USD, CHF...). */
export function IsCurrencyCode(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCurrencyCode',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be an ISO 4217 currency code such as EUR`, ...options },
      validator: { validate: isCurrencyCode },
    });
}
