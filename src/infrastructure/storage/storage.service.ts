import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType?: string;
}

/**
 * Private objects: images and their thumbnails. Two drivers behind one interface, chosen at boot:
 * any S3-compatible store when S3_ENDPOINT is set (S3Storage), otherwise files under
 * DATA_DIR/files (LocalStorage). Clients upload and read through short-lived signed URLs; the
 * image pipeline (FilesService) only uses these methods, so it is the same for both drivers.
 */
export abstract class StorageService {
  /** A one-purpose upload URL for `key` that accepts exactly `contentType` and `size` bytes (other uploads are refused). */
  abstract presignPut(key: string, contentType: string, expiresSeconds: number, size: number): Promise<string>;
  /** A read URL for `key`. */
  abstract presignGet(key: string, expiresSeconds?: number): Promise<string>;
  /** Size and type of `key`, or null when there is no such object. */
  abstract stat(key: string): Promise<StoredObject | null>;
  /** Reads a whole object, refusing (without buffering it) one larger than `maxBytes`. */
  abstract getBuffer(key: string, maxBytes: number): Promise<Buffer>;
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the objects; missing ones are ignored. */
  abstract remove(keys: string[]): Promise<void>;
  /** Every object, in no particular order (backups, housekeeping), with when it was last written. */
  abstract listObjects(): AsyncIterable<{ key: string; size: number; lastModified?: Date }>;
  /** The object's bytes as a stream (backups); rejects when it does not exist. */
  abstract getStream(key: string): Promise<Readable>;
  /** Writes `size` bytes from `body` (restores). */
  abstract putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** A one-line description for the start-up banner. */
  abstract describe(): string;
}

/** Reads a stream into one buffer, failing once it passes `maxBytes`. */
export async function readLimited(stream: Readable, maxBytes: number, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      throw new Error(`object ${key} is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
