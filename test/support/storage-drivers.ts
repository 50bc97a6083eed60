import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from './app';
import { startS3 } from './s3';

/** One storage driver as the shared storage tests see it. */
export interface TestStorageDriver {
  name: 'S3' | 'local';
  /** settings that select and configure the driver */
  env: Record<string, string>;
  /** the stored bytes of `key` straight from the backend (not through the service), or null */
  objectBytes(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

export const STORAGE_DRIVERS = ['S3', 'local'] as const;

export async function startStorageDriver(name: (typeof STORAGE_DRIVERS)[number]): Promise<TestStorageDriver> {
  if (name === 'S3') {
    const s3 = await startS3();
    return { name, env: s3.env, objectBytes: s3.getObject, stop: s3.stop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-local-storage-'));
  return {
    name,
    env: { DATA_DIR: dataDir },
    objectBytes: async (key) => {
      try {
        return readFileSync(join(dataDir, 'files', ...key.split('/')));
      } catch {
        return null;
      }
    },
    stop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * Sends a request to a signed storage URL as a browser would: the service's own URLs (local driver)
 * through the app, anything else (the S3 server) over the network.
 */
export async function sendToUrl(
  t: TestApp,
  url: string,
  init: { method?: 'GET' | 'PUT'; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  if (url.startsWith(t.config.publicUrl)) {
    const response = await t.app.inject({
      method: init.method ?? 'GET',
      url: url.slice(t.config.publicUrl.length),
      headers: init.headers,
      ...(init.body ? { payload: init.body } : {}),
    });
    return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
  }
  const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, headers: init.headers });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: Object.fromEntries(response.headers) };
}
