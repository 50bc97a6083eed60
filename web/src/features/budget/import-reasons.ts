import type { ImportReason, ReasonParams } from '@/api/problem';
import { translate, type MessageId } from '@/i18n';

/** Each reason the service gives for a statement line or file it cannot read, and its words. */
const REASON_MESSAGES: Record<ImportReason, MessageId> = {
  NOT_A_DATE: 'import.reason.NOT_A_DATE',
  NOT_A_DATE_IN_FORMAT: 'import.reason.NOT_A_DATE_IN_FORMAT',
  NOT_AN_OFX_DATE: 'import.reason.NOT_AN_OFX_DATE',
  NO_BOOKING_DATE: 'import.reason.NO_BOOKING_DATE',
  NOT_AN_AMOUNT: 'import.reason.NOT_AN_AMOUNT',
  ZERO_AMOUNT: 'import.reason.ZERO_AMOUNT',
  NOT_BOOKED: 'import.reason.NOT_BOOKED',
  NO_DIRECTION: 'import.reason.NO_DIRECTION',
  NEGATIVE_CREDIT: 'import.reason.NEGATIVE_CREDIT',
  NOT_AN_INDICATOR: 'import.reason.NOT_AN_INDICATOR',
  EMPTY_FILE: 'import.reason.EMPTY_FILE',
  NOT_TEXT: 'import.reason.NOT_TEXT',
  UNKNOWN_FORMAT: 'import.reason.UNKNOWN_FORMAT',
  XML_NOT_A_STATEMENT: 'import.reason.XML_NOT_A_STATEMENT',
  NO_ENTRIES: 'import.reason.NO_ENTRIES',
  NO_ROWS: 'import.reason.NO_ROWS',
  HEADER_ONLY: 'import.reason.HEADER_ONLY',
  COLUMNS_NOT_RECOGNISED: 'import.reason.COLUMNS_NOT_RECOGNISED',
  MAPPING_COLUMN_MISSING: 'import.reason.MAPPING_COLUMN_MISSING',
  MAPPING_INCOMPLETE: 'import.reason.MAPPING_INCOMPLETE',
  DATES_AMBIGUOUS: 'import.reason.DATES_AMBIGUOUS',
  QUOTE_NOT_CLOSED: 'import.reason.QUOTE_NOT_CLOSED',
  TOO_MANY_COLUMNS: 'import.reason.TOO_MANY_COLUMNS',
  TOO_MANY_ROWS: 'import.reason.TOO_MANY_ROWS',
  TOO_MANY_ELEMENTS: 'import.reason.TOO_MANY_ELEMENTS',
  NO_OFX_ELEMENT: 'import.reason.NO_OFX_ELEMENT',
  OFX_TEXT_OUTSIDE: 'import.reason.OFX_TEXT_OUTSIDE',
  OFX_CLOSES_UNOPENED: 'import.reason.OFX_CLOSES_UNOPENED',
  OFX_ENDS_INSIDE: 'import.reason.OFX_ENDS_INSIDE',
  OFX_NOT_CLOSED: 'import.reason.OFX_NOT_CLOSED',
  NESTED_TOO_DEEP: 'import.reason.NESTED_TOO_DEEP',
  NAME_TOO_LONG: 'import.reason.NAME_TOO_LONG',
  TOO_MANY_ATTRIBUTES: 'import.reason.TOO_MANY_ATTRIBUTES',
  XML_DOCTYPE: 'import.reason.XML_DOCTYPE',
  XML_MALFORMED: 'import.reason.XML_MALFORMED',
  QIF_NO_TYPE: 'import.reason.QIF_NO_TYPE',
};

/**
 * Why a statement line or file cannot be read, in the person's language, from the service's
 * reason and the values it names (the cell's text as the file has it); null for a reason this app
 * does not know yet (a newer service).
 */
export function reasonText(reason: ImportReason | null | undefined, params: ReasonParams = {}): string | null {
  const id = reason ? REASON_MESSAGES[reason] : undefined;
  return id ? translate(id, params) : null;
}
