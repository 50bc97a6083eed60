import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships CommonJS without types
const S3rver = require('s3rver');

const BROWSER_CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>
  <AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

export interface TestS3 {
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  objectExists(key: string): Promise<boolean>;
  getObject(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

/**
 * An in-process S3 protocol server. It does not check signatures or size policies, so what tests
 * prove about uploads is the API's own verification at confirm time.
 */
export async function startS3(options: { browserUploads?: boolean; port?: number } = {}): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hearth-s3-'));
  const bucket = 'hearth-test';
  // browser tests upload from the web client's origin: the bucket answers CORS preflights. A server
  // started again on a port (a store coming back) has the bucket already, as the real one would.
  const configureBuckets = options.browserUploads || options.port ? [{ name: bucket, configs: options.browserUploads ? [BROWSER_CORS] : [] }] : [];
  const server = new S3rver({ port: options.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const url = (key: string) => `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_REGION: 'us-east-1' },
    objectExists: async (key) => (await fetch(url(key), { method: 'HEAD' })).status === 200,
    getObject: async (key) => {
      const response = await fetch(url(key));
      return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
