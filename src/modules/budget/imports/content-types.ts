/** The content types a statement may be sent as (on any other route these are 415, as before). */
export const STATEMENT_CONTENT_TYPES = [
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/x-ofx',
  'application/ofx',
  'application/vnd.intu.qfx',
  'application/x-qfx',
  'application/vnd.camt+xml',
  'application/xml',
  'text/xml',
  'application/qif',
  'application/x-qif',
  'text/plain',
  'application/octet-stream',
];

/** Largest statement file: 5 MiB (a larger body is 413 PAYLOAD_TOO_LARGE, refused before it is read whole). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
