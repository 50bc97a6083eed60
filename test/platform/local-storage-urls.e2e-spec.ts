import { LocalStorage } from '../../src/infrastructure/storage/local.storage';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { sendToUrl, startStorageDriver, TestStorageDriver } from '../support/storage-drivers';

/** The local driver's own signed URLs refuse everything they were not signed for. */
describe('local storage signed URLs', () => {
  let driver: TestStorageDriver;
  let t: TestApp;
  let storage: LocalStorage;
  const key = 'owner-1/0193c5c0-0000-7000-8000-000000000001.upload';
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(96, 1)]);

  beforeAll(async () => {
    driver = await startStorageDriver('local');
    t = await createTestApp(driver.env);
    storage = t.app.get(StorageService) as LocalStorage;
    expect(storage).toBeInstanceOf(LocalStorage);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });

  const put = (url: string, body: Buffer, contentType = 'image/jpeg') => sendToUrl(t, url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  const problem = (response: { body: Buffer }) => JSON.parse(response.body.toString());

  it('has the documented shape: the service own address, expires and signature', async () => {
    const url = new URL(await storage.presignPut(key, 'image/jpeg', 900, jpeg.length));
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/api/v1/storage/${key}`);
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'signature', 'size', 'type']);
    expect((await put(url.toString(), jpeg)).status).toBe(200);
    expect(await driver.objectBytes(key)).toEqual(jpeg);
  });

  it('without PUBLIC_URL, gives upload URLs at the address the caller used (a LAN address works unconfigured)', async () => {
    const { accessToken } = await signedInUser(t);
    const lan = 'http://192.168.1.20:3000';
    const response = await t.api('POST', '/account/picture', {
      token: accessToken,
      payload: { contentType: 'image/jpeg', size: jpeg.length },
      headers: { host: '192.168.1.20:3000' },
    });
    expect(response.statusCode).toBe(201);
    const uploadUrl = new URL(response.json().uploadUrl);
    expect(uploadUrl.origin).toBe(lan);
    expect((await put(uploadUrl.toString(), jpeg)).status).toBe(200);
    // no request (a job, the CLI): the configured or default public address
    expect(new URL(await storage.presignPut(key, 'image/jpeg', 900, jpeg.length)).origin).toBe(t.config.publicUrl);
  });

  it('with PUBLIC_URL set, always gives URLs at that address', async () => {
    const pinned = await createTestApp({ ...driver.env, PUBLIC_URL: 'https://hearth.example.org' });
    try {
      const { accessToken } = await signedInUser(pinned);
      const response = await pinned.api('POST', '/account/picture', {
        token: accessToken,
        payload: { contentType: 'image/jpeg', size: jpeg.length },
        headers: { host: '192.168.1.20:3000' },
      });
      expect(new URL(response.json().uploadUrl).origin).toBe('https://hearth.example.org');
    } finally {
      await pinned.close();
    }
  });

  it('refuses a tampered signature, key, expiry or declared size', async () => {
    const url = new URL(await storage.presignPut(key, 'image/jpeg', 900, jpeg.length));
    const tamper = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const signature = url.searchParams.get('signature')!;
    const attempts = [
      tamper((u) => u.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`)),
      tamper((u) => (u.pathname = u.pathname.replace('owner-1', 'owner-2'))),
      tamper((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      tamper((u) => u.searchParams.set('size', String(jpeg.length * 100))),
      tamper((u) => u.searchParams.delete('signature')),
    ];
    for (const attempt of attempts) {
      const response = await put(attempt, jpeg);
      expect(response.status).toBe(403);
      expect(problem(response).code).toBe('STORAGE_URL_INVALID');
    }
    expect(await driver.objectBytes('owner-2/0193c5c0-0000-7000-8000-000000000001.upload')).toBeNull();
  });

  it('refuses an expired URL', async () => {
    const expiredPut = await storage.presignPut(key, 'image/jpeg', -1, jpeg.length);
    const response = await put(expiredPut, jpeg);
    expect(response.status).toBe(403);
    expect(problem(response).code).toBe('STORAGE_URL_EXPIRED');
    await storage.put(key, jpeg, 'image/jpeg');
    const expiredGet = await sendToUrl(t, await storage.presignGet(key, -1));
    expect(expiredGet.status).toBe(403);
    expect((await sendToUrl(t, await storage.presignGet(key, 60))).status).toBe(200);
  });

  it('refuses an upload larger than declared, and keeps nothing of it', async () => {
    const other = 'owner-1/0193c5c0-0000-7000-8000-000000000002.upload';
    const url = await storage.presignPut(other, 'image/jpeg', 900, 10);
    const response = await put(url, jpeg);
    expect(response.status).toBe(413);
    expect(problem(response).code).toBe('UPLOAD_TOO_LARGE');
    const short = await put(await storage.presignPut(other, 'image/jpeg', 900, jpeg.length + 5), jpeg);
    expect(short.status).toBe(400);
    expect(problem(short).code).toBe('UPLOAD_SIZE_MISMATCH');
    expect(await driver.objectBytes(other)).toBeNull();
  });

  it('refuses another content type than the one signed', async () => {
    const url = await storage.presignPut(key, 'image/jpeg', 900, jpeg.length);
    const png = await put(url, jpeg, 'image/png');
    expect(png.status).toBe(415);
    expect(problem(png).code).toBe('UPLOAD_TYPE_MISMATCH');
    const text = await put(url, jpeg, 'text/plain');
    expect(text.status).toBe(415);
  });

  it('is single-purpose: an upload URL does not read, a read URL does not write', async () => {
    await storage.put(key, jpeg, 'image/jpeg');
    const uploadUrl = await storage.presignPut(key, 'image/jpeg', 900, jpeg.length);
    expect((await sendToUrl(t, uploadUrl)).status).toBe(403);
    const readUrl = await storage.presignGet(key);
    expect((await put(readUrl, jpeg)).status).toBe(403);
    const read = await sendToUrl(t, readUrl);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
  });

  it('never leaves its directory', async () => {
    await expect(storage.presignGet('../secrets')).rejects.toThrow(/invalid storage key/);
    const response = await sendToUrl(t, `${t.config.publicUrl}/api/v1/storage/..%2F..%2Fpostgres.password?expires=9999999999&signature=x`);
    expect([403, 404]).toContain(response.status);
  });
});
