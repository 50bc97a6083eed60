import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Live cursors (docs/live.md, Cursors): a place in the order of history rows by (transaction,
 * row). The transaction is the row's `tx` (the writing transaction's id); every transaction below
 * a cursor's has ended, so a row that commits later never falls below a cursor a client holds.
 * In memory a cursor is one bigint, so that cursors compare as numbers; on the wire it is sealed
 * (`CursorSeal`): clients cannot read the database-wide numbers in it.
 */
export type Cursor = bigint;

const SHIFT = 64n;
const LOW = (1n << SHIFT) - 1n;

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

/** A cursor read back from the wire: its place, and when it was handed out (ms since the epoch). */
export interface OpenedCursor {
  tx: string;
  seq: string;
  cursor: Cursor;
  issuedAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_BYTES = 24;
const WIRE_LENGTH = Math.ceil(((IV_BYTES + PLAIN_BYTES + TAG_BYTES) * 4) / 3);
/** bound to this use of the key: a sealed cursor is not valid as anything else */
const CONTEXT = Buffer.from('hearth live cursor v1');

/**
 * Cursors as clients see them (`id:`, `Last-Event-ID`): the transaction, the row and the time it
 * was handed out, encrypted and authenticated with AES-256-GCM under the installation's stored key
 * (the same on every instance and across restarts; a restore replaces it). A cursor reveals no
 * database-wide counter (two cursors of the same place differ), and one that was not handed out
 * here, was altered, or predates the key, does not open.
 */
export class CursorSeal {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the live cursor key must be 32 bytes');
  }

  seal(cursor: Cursor, issuedAt = Date.now()): string {
    const plain = Buffer.allocUnsafe(PLAIN_BYTES);
    plain.writeBigUInt64BE(cursor >> SHIFT, 0);
    plain.writeBigUInt64BE(cursor & LOW, 8);
    plain.writeBigUInt64BE(BigInt(issuedAt), 16);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(CONTEXT);
    const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return sealed.toString('base64url');
  }

  /** The cursor a client echoed, or null when it is not one this installation handed out. */
  open(text: string): OpenedCursor | null {
    const wire = text.trim();
    if (wire.length !== WIRE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(wire)) return null;
    const sealed = Buffer.from(wire, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES)).setAAD(CONTEXT);
      decipher.setAuthTag(sealed.subarray(IV_BYTES + PLAIN_BYTES));
      const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, IV_BYTES + PLAIN_BYTES)), decipher.final()]);
      const tx = plain.readBigUInt64BE(0);
      const seq = plain.readBigUInt64BE(8);
      return { tx: String(tx), seq: String(seq), cursor: (tx << SHIFT) | seq, issuedAt: Number(plain.readBigUInt64BE(16)) };
    } catch {
      return null;
    }
  }
}
