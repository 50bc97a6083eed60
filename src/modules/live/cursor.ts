/**
 * Live cursors (docs/live.md, Cursors): a place in the order of history rows by (transaction,
 * row). The transaction is the row's `tx` (the writing transaction's id); every transaction below
 * a cursor's has ended, so a row that commits later never falls below a cursor a client holds.
 * On the wire a cursor is `<tx>-<seq>`; in memory one bigint, so that cursors compare as numbers.
 */
export type Cursor = bigint;

const SHIFT = 64n;
const WIRE = /^(\d{1,19})-(\d{1,19})$/;

/** The cursor of one row. */
export function cursorOf(tx: string, seq: string): Cursor {
  return (BigInt(tx) << SHIFT) | BigInt(seq);
}

/** The cursor below every row of transaction `tx` and above every row of older ones. */
export function horizonCursor(tx: string): Cursor {
  return BigInt(tx) << SHIFT;
}

/**
 * The cursor an event of a committed row may carry: the row's own when no older transaction was
 * running as it was written (`horizon`, the oldest other transaction running then, is not below
 * its own), else just below that older transaction, which may still commit rows.
 */
export function safeCursor(tx: string, seq: string, horizon: string): Cursor {
  return BigInt(horizon) >= BigInt(tx) ? cursorOf(tx, seq) : horizonCursor(horizon);
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor >> SHIFT}-${cursor & ((1n << SHIFT) - 1n)}`;
}

/** A cursor as a client echoes it, or null when it is not one. */
export function parseCursor(text: string): { tx: string; seq: string; cursor: Cursor } | null {
  const match = WIRE.exec(text.trim());
  if (!match) return null;
  return { tx: match[1], seq: match[2], cursor: cursorOf(match[1], match[2]) };
}
