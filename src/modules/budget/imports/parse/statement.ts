import type { Cents } from '../../../../../domain/amount';

/**
 * What every statement parser returns: signed amounts in cents (`Cents` of domain/amount.ts,
 * exact), calendar dates, the bank's own id of the row when the format has one, and what the file
 * says about a row paid in another currency.
 */
export type StatementFormat = 'csv' | 'ofx' | 'camt' | 'qif';

/**
 * A row paid in another currency, as the file gives it (docs/import.md, "Other currencies"); the
 * service keeps it as the transaction's `original` when the code is ISO 4217 and not the group's.
 */
export interface StatementOriginal {
  /** the code as the file writes it */
  currency: string;
  /** the amount as paid, a positive decimal string; absent when the file gives only a rate (OFX ORIGCURRENCY) */
  amount?: string;
  /** the file's rates, the account's currency per 1 unit of `currency`, best first; the first that turns `amount` into the row's amount is kept */
  rates?: string[];
}

export interface StatementRow {
  /** 1-based line of the file where the row starts */
  line: number;
  /** YYYY-MM-DD */
  date: string;
  /** signed, in the account's currency: negative money leaves the account */
  cents: Cents;
  description: string;
  payee?: string;
  reference?: string;
  /** the bank's id of the row (OFX FITID, CAMT AcctSvcrRef / NtryRef), when it gives one */
  bankRef?: string;
  /** paid in another currency */
  original?: StatementOriginal;
}

import type { ImportReason, ReasonParams } from '../../../../common/errors/import-reasons';

export { IMPORT_REASONS, type ImportReason, type ReasonParams } from '../../../../common/errors/import-reasons';

export interface RowError {
  line: number;
  reason: ImportReason;
  params: ReasonParams;
  /** the same in English */
  message: string;
}

/** A line that cannot be read, its reason and the values its wording names. */
export function rowError(line: number, reason: ImportReason, params: ReasonParams, message: string): RowError {
  return { line, reason, params, message };
}

/** The CSV columns a row is read from: header names as they appear in the file. */
export interface ColumnMapping {
  date: string;
  amount?: string;
  debit?: string;
  credit?: string;
  /** with `amount`: a column of S/H, Soll/Haben, DR/CR or Debit/Credit giving the direction of an unsigned amount */
  indicator?: string;
  description?: string;
  payee?: string;
  reference?: string;
  /** the amount as paid in another currency (a card statement's "Originalbetrag") */
  originalAmount?: string;
  /** that amount's currency code ("Währung") */
  originalCurrency?: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: StatementRow[];
  errors: RowError[];
  /** CSV only: the columns used and the date format found */
  mapping?: ColumnMapping;
  dateFormat?: string;
}

export type StatementErrorCode =
  'UNSUPPORTED_FORMAT' | 'EMPTY_STATEMENT' | 'MALFORMED_STATEMENT' | 'UNMAPPED_COLUMNS' | 'AMBIGUOUS_DATE' | 'STATEMENT_TOO_LARGE';

/** A file that cannot be previewed at all (a bad row is a RowError instead). */
export class StatementError extends Error {
  /** the values the reason's wording names */
  params: ReasonParams = {};

  constructor(
    readonly code: StatementErrorCode,
    readonly reason: ImportReason,
    message: string,
    readonly line?: number,
    /** UNMAPPED_COLUMNS: the file's header names, for a mapping step; AMBIGUOUS_DATE: the column */
    readonly columns?: string[],
    /** STATEMENT_TOO_LARGE: the limit the file went past */
    readonly limit?: { kind: 'rows' | 'columns' | 'elements'; max: number },
  ) {
    super(message);
  }

  /** The values the reason's wording names ("{name} is never closed"). */
  naming(params: ReasonParams): this {
    this.params = params;
    return this;
  }
}

/** Options a caller may give: a date format for ambiguous dates, a CSV column mapping. */
export interface ParseOptions {
  /** given for this file: decides between day/month orders that both read every date */
  dateFormat?: string;
  /** the account's last given format: only named when the dates are ambiguous (parse/dates.ts) */
  rememberedDateFormat?: string;
  mapping?: Partial<ColumnMapping>;
  /** a mapping remembered for the account, used when it fits the file's header */
  remembered?: ColumnMapping;
}

/** Text of a file field, without control characters PostgreSQL or JSON would refuse, spaces collapsed. */
export function cleanText(value: unknown, max = 500): string {
  if (value === undefined || value === null) return '';
  const text = String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    // a lone UTF-16 surrogate (a broken file) cannot be stored
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? text.slice(0, max) : text;
}

/** Joins the non-empty parts with a space (a CAMT remittance split over several lines). */
export function joinText(parts: unknown[], max = 500): string {
  return cleanText(
    parts
      .map((part) => cleanText(part, 10_000))
      .filter(Boolean)
      .join(' '),
    max,
  );
}
