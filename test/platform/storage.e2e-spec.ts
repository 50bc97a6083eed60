import sharp from 'sharp';
import { Readable } from 'node:stream';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { LoggedIn, signedInUser } from '../support/factories';
import { hasExifGps, jpegWithGps } from '../support/images';
import { sendToUrl, startStorageDriver, STORAGE_DRIVERS, TestStorageDriver } from '../support/storage-drivers';
import { waitFor } from '../support/wait';

/**
 * One suite, both drivers: S3 (against an S3 protocol server) and the local disk driver. The
 * service's storage interface, signed upload and read URLs, and the whole image pipeline must
 * behave the same whichever is configured.
 */
describe.each(STORAGE_DRIVERS)('storage driver %s', (driverName) => {
  let driver: TestStorageDriver;
  let t: TestApp;
  let storage: StorageService;

  beforeAll(async () => {
    driver = await startStorageDriver(driverName);
    t = await createTestApp({ ...ACCOUNT_ENV, ...driver.env, MAX_IMAGE_BYTES: '300000' });
    storage = t.app.get(StorageService);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });

  it('describes itself for the start-up banner', () => {
    expect(storage.describe()).toMatch(driverName === 'S3' ? /^S3 bucket "hearth-test"/ : /^local disk at .*files$/);
  });

  it('uploads through a signed PUT, reads back through a signed GET, and removes', async () => {
    const key = 'group-1/photo.bin';
    const body = Buffer.from('hello storage');
    const uploadUrl = await storage.presignPut(key, 'image/png', 900, body.length);
    const put = await sendToUrl(t, uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);

    expect(await storage.stat(key)).toMatchObject({ size: body.length });
    expect(await driver.objectBytes(key)).toEqual(body);
    expect((await storage.getBuffer(key, 1024)).toString()).toBe('hello storage');
    await expect(storage.getBuffer(key, 4)).rejects.toThrow(/larger than 4 bytes/);
    const read = await sendToUrl(t, await storage.presignGet(key));
    expect(read.status).toBe(200);
    expect(read.body.toString()).toBe('hello storage');

    await storage.remove([key, 'group-1/missing.bin']);
    expect(await storage.stat(key)).toBeNull();
    expect(await driver.objectBytes(key)).toBeNull();
  });

  it('stores server-side writes and streams, lists every object, and streams them back', async () => {
    await storage.put('group-2/thumb.webp', Buffer.from([1, 2, 3]), 'image/webp');
    await storage.putStream('group-2/deep/restored.png', Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5, 'image/png');
    expect(await driver.objectBytes('group-2/thumb.webp')).toEqual(Buffer.from([1, 2, 3]));
    expect(await storage.stat('group-2/deep/restored.png')).toMatchObject({ size: 5, contentType: 'image/png' });

    const listed: { key: string; size: number; lastModified?: Date }[] = [];
    for await (const object of storage.listObjects()) listed.push(object);
    expect(listed).toEqual(
      expect.arrayContaining([
        { key: 'group-2/thumb.webp', size: 3, lastModified: expect.any(Date) },
        { key: 'group-2/deep/restored.png', size: 5, lastModified: expect.any(Date) },
      ]),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream('group-2/deep/restored.png')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('abcde');
    await expect(storage.getStream('group-2/none.png')).rejects.toBeDefined();
    await storage.remove(['group-2/thumb.webp', 'group-2/deep/restored.png']);
  });

  it('runs the same image pipeline: a JPEG with GPS becomes a clean picture with a thumbnail', async () => {
    const user: LoggedIn = await signedInUser(t);
    const original = await jpegWithGps();
    const ticket = await t.api('POST', '/account/picture', { token: user.accessToken, payload: { contentType: 'image/jpeg', size: original.length } });
    expect(ticket.statusCode).toBe(201);
    const { imageId, uploadUrl, headers } = ticket.json();
    expect((await sendToUrl(t, uploadUrl, { method: 'PUT', body: original, headers })).status).toBe(200);
    expect((await t.api('PATCH', `/account/picture/confirm/${imageId}`, { token: user.accessToken })).statusCode).toBe(200);
    await waitFor(async () => (await t.api('GET', `/files/${imageId}/status`, { token: user.accessToken })).json().status === 'Completed');

    const [row] = await t.db.query('SELECT storage_key, thumbnail_key FROM files WHERE id = $1', [imageId]);
    const stored = (await driver.objectBytes(row.storage_key))!;
    expect(await hasExifGps(stored)).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect((await sharp((await driver.objectBytes(row.thumbnail_key))!).metadata()).width).toBeLessThanOrEqual(320);
    expect(await driver.objectBytes(`${row.storage_key}.upload`)).toBeNull();

    const profile = (await t.api('GET', '/account', { token: user.accessToken })).json();
    const picture = await sendToUrl(t, profile.pictureUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.body).toEqual(stored);
  });
});
