import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// s3rver ships CommonJS without types
const S3rver = require('s3rver');

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
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'hearth-s3-'));
  // browsers PUT straight to the presigned URL from the app's origin (browser tests): allow it as a bucket's CORS rule would
  const cors = Buffer.from(
    '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>' +
      '<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>',
  );
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'hearth-test', configs: [cors] }] });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const bucket = 'hearth-test';
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
