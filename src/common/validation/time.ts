import { registerDecorator } from 'class-validator';
import { IANAZone } from 'luxon';

/** An IANA time zone name the runtime knows ("Europe/Berlin", "UTC"); offsets and abbreviations are refused. */
export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value) && IANAZone.isValidZone(value);
}

/** A wall-clock time of day, "HH:mm" (00:00–23:59). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export function IsTimeZone(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTimeZone',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an IANA time zone such as "Europe/Berlin"' },
      validator: { validate: (value: unknown) => isTimeZone(value) },
    });
}
