import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSignatureCheck } from './s3-signature-check';

// s3rver ships CommonJS without types
const S3rver = require('s3rver');

const BROWSER_CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export interface TestS3 {
  env: Record<string, string>;
  bucket: string;
  /** where the service and clients reach the store: through the signature check */
  endpoint: string;
  /** the store behind the check, which takes anything (for tests that look at what is stored) */
  backendEndpoint: string;
  objectExists(key: string): Promise<boolean>;
  getObject(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/**
 * An in-process S3 protocol server behind a Signature Version 4 check (s3-signature-check.ts):
 * presigned URLs are verified as a real store verifies them, so an upload of another size or type
 * than the URL was signed for is refused with 403 and nothing is stored. s3rver itself checks no
 * V4 signature; `objectExists` and `getObject` read from it directly.
 */
export async function startS3(options: { browserUploads?: boolean; port?: number } = {}): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hearth-s3-'));
  const bucket = 'hearth-test';
  // browser tests upload from the web client's origin: the bucket answers CORS preflights. A server
  // started again on a port (a store coming back) has the bucket already, as the real one would.
  const configureBuckets = options.browserUploads || options.port ? [{ name: bucket, configs: options.browserUploads ? [BROWSER_CORS] : [] }] : [];
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets });
  const address: AddressInfo = await server.run();
  const backendEndpoint = `http://127.0.0.1:${address.port}`;
  const check = await startSignatureCheck({
    backend: backendEndpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    port: options.port,
  });
  const url = (key: string) => `${backendEndpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    endpoint: check.endpoint,
    backendEndpoint,
    bucket,
    env: { S3_ENDPOINT: check.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: ACCESS_KEY, S3_SECRET_KEY: SECRET_KEY, S3_REGION: 'us-east-1' },
    objectExists: async (key) => (await fetch(url(key), { method: 'HEAD' })).status === 200,
    getObject: async (key) => {
      const response = await fetch(url(key));
      return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
    },
    stop: async () => {
      // a store that goes away drops its connections too
      check.server.closeAllConnections();
      await new Promise<void>((resolve) => check.server.close(() => resolve()));
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
