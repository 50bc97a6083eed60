import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { currentRequestOrigin } from '../../common/http/request-origin';
import { AppConfig } from '../../config/app-config';
import { readLimited, StorageService, StoredObject } from './storage.service';

/** Where the service answers signed storage URLs (under the API prefix). */
export const LOCAL_STORAGE_ROUTE = '/api/v1/storage/';
/** Keys are made by the service (`<owner>/<uuid>[.thumb|.upload]`); anything else is refused. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** Suffixes of the driver's own files, never valid in a key (keys have no `~`). */
const META = '~meta';
const TEMP = '~tmp-';

export type SignedRequest = { method: 'GET' } | { method: 'PUT'; contentType: string; size: number };

export class StorageUrlError extends Error {
  constructor(
    readonly reason: 'invalid' | 'expired' | 'type' | 'too-large' | 'size',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Objects as files under DATA_DIR/files (content type in a `<key>~meta` file beside each), written
 * atomically (temporary file, then rename). Upload and read URLs are the service's own
 * `/api/v1/storage/{key}?expires=…&signature=…`: HMAC-SHA256 with a stored installation key over
 * the method, the key, the expiry and, for uploads, the declared content type and size, so a URL
 * serves one purpose for one object until it expires (StorageController answers them).
 */
export class LocalStorage extends StorageService {
  readonly root: string;

  constructor(private readonly config: AppConfig) {
    super();
    this.root = join(config.dataDir, 'files');
  }

  describe(): string {
    return `local disk at ${this.root}`;
  }

  async onModuleInit(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private path(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
      throw new StorageUrlError('invalid', `invalid storage key "${key}"`);
    }
    return join(this.root, ...key.split('/'));
  }

  private sign(key: string, expires: number, request: SignedRequest): string {
    const parts = request.method === 'PUT' ? ['PUT', key, expires, request.contentType, request.size] : ['GET', key, expires];
    return createHmac('sha256', this.config.storageSigningKey).update(parts.join('\n')).digest('base64url');
  }

  private url(key: string, query: Record<string, string | number>): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
    // without PUBLIC_URL, the address the caller used (a LAN address, a proxy's name) rather than localhost
    const base = (!this.config.publicUrlConfigured && currentRequestOrigin()) || this.config.publicUrl;
    return `${base}${LOCAL_STORAGE_ROUTE}${path}?${search.toString()}`;
  }

  async presignPut(key: string, contentType: string, expiresSeconds: number, size: number): Promise<string> {
    this.path(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    const signature = this.sign(key, expires, { method: 'PUT', contentType, size });
    return this.url(key, { expires, type: contentType, size, signature });
  }

  async presignGet(key: string, expiresSeconds = 300): Promise<string> {
    this.path(key);
    const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
    return this.url(key, { expires, signature: this.sign(key, expires, { method: 'GET' }) });
  }

  /**
   * Checks a signed URL's query for `method` on `key`; returns what the upload URL declared.
   * Throws StorageUrlError: a bad or tampered signature, an expired URL, another content type.
   */
  verify(method: 'GET' | 'PUT', key: string, query: Record<string, string | undefined>, contentType?: string): SignedRequest {
    const expires = Number(query.expires);
    if (!query.signature || !Number.isInteger(expires)) throw new StorageUrlError('invalid', 'The URL is not signed');
    const request: SignedRequest = method === 'PUT' ? { method, contentType: query.type ?? '', size: Number(query.size) } : { method };
    const expected = Buffer.from(this.sign(key, expires, request));
    const given = Buffer.from(query.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new StorageUrlError('invalid', 'The URL signature is not valid');
    }
    if (expires * 1000 < Date.now()) throw new StorageUrlError('expired', 'The URL has expired');
    if (request.method === 'PUT' && (contentType ?? '').split(';')[0].trim().toLowerCase() !== request.contentType) {
      throw new StorageUrlError('type', `This upload URL accepts only ${request.contentType}`);
    }
    return request;
  }

  /** Writes an upload from a signed PUT: at most `size` bytes, exactly `size` in the end. */
  async receive(key: string, body: Readable, declared: { contentType: string; size: number }): Promise<void> {
    let received = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > declared.size) done(new StorageUrlError('too-large', `The upload is larger than the declared ${declared.size} bytes`));
        else done(null, chunk);
      },
    });
    await this.write(key, declared.contentType, async (temp) => {
      await pipeline(body, limiter, createWriteStream(temp));
      if (received !== declared.size) {
        throw new StorageUrlError('size', `The upload has ${received} bytes, ${declared.size} were declared`);
      }
    });
  }

  private async write(key: string, contentType: string, fill: (temp: string) => Promise<void>): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}${TEMP}${randomBytes(6).toString('hex')}`;
    try {
      await fill(temp);
      await writeFile(`${path}${META}`, JSON.stringify({ contentType }));
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!info) return null;
    const meta = await readFile(`${path}${META}`, 'utf8').then(
      (text) => JSON.parse(text) as { contentType?: string },
      () => ({ contentType: undefined }),
    );
    return { size: info.size, contentType: meta.contentType };
  }

  async getBuffer(key: string, maxBytes: number): Promise<Buffer> {
    return readLimited(await this.getStream(key), maxBytes, key);
  }

  async getStream(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.write(key, contentType, (temp) => writeFile(temp, body));
  }

  async putStream(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    await this.receive(key, body, { contentType, size });
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of new Set(keys.filter(Boolean))) {
      const path = this.path(key);
      await rm(path, { force: true });
      await rm(`${path}${META}`, { force: true });
    }
  }

  async *listObjects(): AsyncIterable<{ key: string; size: number; lastModified?: Date }> {
    const walk = async function* (directory: string, root: string): AsyncGenerator<{ key: string; size: number; lastModified?: Date }> {
      const entries = await opendir(directory).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!entries) return;
      for await (const entry of entries) {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) yield* walk(path, root);
        else if (entry.isFile() && !entry.name.endsWith(META) && !entry.name.includes(TEMP)) {
          const info = await stat(path);
          yield { key: relative(root, path).split(sep).join('/'), size: info.size, lastModified: new Date(info.mtimeMs) };
        }
      }
    };
    yield* walk(this.root, this.root);
  }
}
