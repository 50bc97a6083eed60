import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type * as tar from 'tar-stream';
import { onFirstUse } from '../../common/first-use';
import { BACKUP_FORMAT, BackupError, BackupManifest, MANIFEST_MEMBER, OBJECT_PREFIX, TABLE_PREFIX, tableMember } from './backup-format';

/** tar-stream, loaded with the first backup or restore (not at every start). */
export const tarStream = onFirstUse(() => require('tar-stream') as typeof tar);

/** A pass-through that hashes and counts what flows through it. */
export class Digest extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}

/** Writes `source` as one member of `pack`, with its size known in advance; returns its SHA-256. */
export async function addMember(pack: tar.Pack, name: string, size: number, source: Readable): Promise<string> {
  const digest = new Digest();
  const entry = pack.entry({ name, size, mtime: new Date(), mode: 0o600 });
  await pipeline(source, digest, entry as unknown as Writable);
  if (digest.bytes !== size) throw new Error(`member ${name} changed while it was archived (${digest.bytes} bytes, expected ${size})`);
  return digest.hex();
}

/** Why an archive cannot be read, in one line. */
function damaged(error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/incorrect header check|invalid (block|stored|distance|code)|unknown compression/i.test(message)) {
    return new BackupError('not a Hearth backup: the file is not a gzip-compressed tar archive');
  }
  if (/unexpected end|truncated|premature/i.test(message)) return new BackupError('the archive is truncated or damaged (it ends too early)');
  if (/ENOENT/.test(message)) return new BackupError(`no such file: ${message.replace(/^.*ENOENT[^']*'?/, '').replace(/'$/, '')}`);
  return new BackupError(`the archive cannot be read: ${message}`);
}

/**
 * Reads every member of a `.tar.gz` in order, handing each to `visit` (which must consume or
 * drain the stream). Read errors come back as one-line BackupErrors.
 */
export async function readArchive(path: string, visit: (name: string, size: number, body: Readable) => Promise<void>): Promise<void> {
  const extract = tarStream().extract();
  const feeding = pipeline(createReadStream(path), createGunzip(), extract as unknown as Writable);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract as AsyncIterable<Readable & { header: tar.Header }>) {
      await visit(entry.header.name, entry.header.size ?? 0, entry);
      entry.resume();
    }
    await feeding;
  } catch (error) {
    (extract as unknown as { destroy(error?: Error): void }).destroy();
    await feeding.catch(() => undefined);
    throw damaged(error);
  }
}

/**
 * Reads the archive whole and checks it: a manifest of a known format, every member listed with a
 * matching SHA-256 and nothing unlisted. Returns the manifest; writes nothing.
 */
export async function verifyArchive(path: string): Promise<BackupManifest> {
  const sums = new Map<string, string>();
  let manifest: BackupManifest | null = null;
  await readArchive(path, async (name, _size, body) => {
    if (name === MANIFEST_MEMBER) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      try {
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new BackupError('not a Hearth backup: manifest.json is not JSON');
      }
      return;
    }
    const digest = new Digest();
    await pipeline(body, digest, new Writable({ write: (_chunk, _encoding, done) => done() }));
    sums.set(name, digest.hex());
  });
  const found = manifest as BackupManifest | null;
  if (!found || typeof found !== 'object' || found.app !== 'hearth') throw new BackupError('not a Hearth backup: manifest.json is missing');
  if (found.format !== BACKUP_FORMAT)
    throw new BackupError(`unsupported backup format ${JSON.stringify(found.format)} (this version reads format ${BACKUP_FORMAT})`);
  const listed = found.checksums ?? {};
  for (const [name, sum] of Object.entries(listed)) {
    if (!sums.has(name)) throw new BackupError(`the archive is incomplete: ${name} is missing`);
    if (sums.get(name) !== sum) throw new BackupError(`checksum mismatch for ${name}: the archive was altered or damaged`);
  }
  for (const name of sums.keys()) if (!(name in listed)) throw new BackupError(`the archive holds ${name}, which its manifest does not list`);
  const tables = Object.keys(found.tables ?? {});
  const tableMembers = [...sums.keys()].filter((name) => name.startsWith(TABLE_PREFIX));
  const objectMembers = [...sums.keys()].filter((name) => name.startsWith(OBJECT_PREFIX));
  if (tableMembers.length !== tables.length || tables.some((table) => !sums.has(tableMember(table)) || !Array.isArray(found.columns?.[table]))) {
    throw new BackupError('the manifest does not match the archive: tables listed and tables held differ');
  }
  if (objectMembers.length !== found.objects || objectMembers.some((name) => !(name.slice(OBJECT_PREFIX.length) in (found.objectTypes ?? {})))) {
    throw new BackupError('the manifest does not match the archive: objects listed and objects held differ');
  }
  if (sums.size !== tableMembers.length + objectMembers.length) throw new BackupError('the archive holds members of an unknown kind');
  return found;
}
