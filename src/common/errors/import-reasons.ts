import type { ApiPropertyOptions } from '@nestjs/swagger';

/**
 * Why a line of a bank statement, or the whole file, cannot be read (the budget's import): a
 * stable code the app words in the person's language with `params` (the cell's text, a column, a
 * limit); the line error's `message` and the problem's `detail` say the same in English for other
 * clients. Beside the problem's other structured fields, as the limit kinds are.
 */
export const IMPORT_REASONS = [
  // a line left out of the preview
  'NOT_A_DATE',
  'NOT_A_DATE_IN_FORMAT',
  'NOT_AN_OFX_DATE',
  'NO_BOOKING_DATE',
  'NOT_AN_AMOUNT',
  'ZERO_AMOUNT',
  'NOT_BOOKED',
  'NO_DIRECTION',
  'NEGATIVE_CREDIT',
  'NOT_AN_INDICATOR',
  // a file that cannot be previewed
  'EMPTY_FILE',
  'NOT_TEXT',
  'UNKNOWN_FORMAT',
  'XML_NOT_A_STATEMENT',
  'NO_ENTRIES',
  'NO_ROWS',
  'HEADER_ONLY',
  'COLUMNS_NOT_RECOGNISED',
  'MAPPING_COLUMN_MISSING',
  'MAPPING_INCOMPLETE',
  'DATES_AMBIGUOUS',
  'QUOTE_NOT_CLOSED',
  'TOO_MANY_COLUMNS',
  'TOO_MANY_ROWS',
  'TOO_MANY_ELEMENTS',
  'NO_OFX_ELEMENT',
  'OFX_TEXT_OUTSIDE',
  'OFX_CLOSES_UNOPENED',
  'OFX_ENDS_INSIDE',
  'OFX_NOT_CLOSED',
  'NESTED_TOO_DEEP',
  'NAME_TOO_LONG',
  'TOO_MANY_ATTRIBUTES',
  'XML_DOCTYPE',
  'XML_MALFORMED',
  'QIF_NO_TYPE',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];
/** The values a reason's wording names ("{value} is not an amount"): texts from the file, limits. */
export type ReasonParams = Record<string, string | number>;

/** The OpenAPI shape of `params`: names to texts or numbers. */
export const REASON_PARAMS: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
  example: { value: '31.02.2026' },
  description: "the values the reason's wording names: the cell's text (value), a column, a format, a limit (max)…",
};
