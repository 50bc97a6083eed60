/** Reading downloaded archives back in browser tests: a zip with yauzl, a .tar.gz with tar-stream. */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar-stream';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** Every file of a zip, by path (folders left out). */
export async function unzipFile(path: string): Promise<Map<string, string>> {
  const buffer = await readFile(path);
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const files = new Map<string, string>();
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every member of a gzip-compressed tar, by name. Throws when the file is not gzip or not tar. */
export async function untarGz(path: string): Promise<Map<string, Buffer>> {
  const tar = gunzipSync(await readFile(path));
  const members = new Map<string, Buffer>();
  const reading = extract();
  reading.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      members.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  await new Promise<void>((resolve, reject) => {
    reading.on('finish', resolve);
    reading.on('error', reject);
    Readable.from([tar]).pipe(reading);
  });
  return members;
}
