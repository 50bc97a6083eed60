import { Transform } from 'class-transformer';

/** Query-string booleans: only the literal words true and false are accepted; anything else stays invalid. */
export const ToBoolean = (): PropertyDecorator =>
  Transform(({ value }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value));

/** Query-string integers: digits become numbers; anything else is left for the validator to refuse. */
export const ToInt = (): PropertyDecorator => Transform(({ value }) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value));
