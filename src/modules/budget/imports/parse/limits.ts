import { StatementError } from './statement';

/**
 * The bounds every statement is read within (docs/import.md, "Limits"). Each is checked while the
 * file is read, before the next piece is: a file over one of them stops the reading at that point,
 * so no file of 5 MiB costs more than a linear pass over it.
 */
export const STATEMENT_LIMITS = {
  /** rows (and bad rows) a preview may hold */
  rows: 20_000,
  /** bad rows listed in a preview's `errors` (the total is `errorCount`) */
  errorsListed: 100,
  /** fields of a CSV line (the header included) */
  columns: 200,
  /** how deep OFX (SGML or XML) and CAMT elements may nest */
  depth: 64,
  /** elements of an OFX or CAMT file: far above a 20 000-row statement's, far below what 5 MiB of tags holds */
  elements: 250_000,
  /** attributes of one XML element */
  attributes: 64,
  /** characters of an element or attribute name */
  name: 200,
  /** characters of a date or amount text: longer is not a date or an amount */
  cell: 64,
  /** open (unexpired) previews per group: a new one expires the oldest beyond this */
  previewsPerGroup: 20,
} as const;

/** More transactions than one preview holds. */
export function tooManyRows(line?: number): StatementError {
  return new StatementError(
    'STATEMENT_TOO_LARGE',
    'TOO_MANY_ROWS',
    `The statement holds more than ${STATEMENT_LIMITS.rows} rows: export a shorter period`,
    line,
    undefined,
    { kind: 'rows', max: STATEMENT_LIMITS.rows },
  ).naming({ max: STATEMENT_LIMITS.rows });
}
