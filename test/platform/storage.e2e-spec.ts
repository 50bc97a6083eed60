import { loadConfig } from '../../src/config';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { TEST_ENV } from '../support/app';
import { startS3, TestS3 } from '../support/s3';

/** The storage adapter against an S3 protocol server: bucket creation, presigned upload and read, removal. */
describe('StorageService (S3)', () => {
  let s3: TestS3;
  let storage: StorageService;

  beforeAll(async () => {
    s3 = await startS3();
    storage = new StorageService(loadConfig({ ...TEST_ENV, ...s3.env, DATABASE_URL: 'postgres://x@127.0.0.1/x' }));
    await storage.onApplicationBootstrap();
  });
  afterAll(() => s3.stop());

  it('uploads through a presigned PUT, reads back, and removes', async () => {
    const key = 'group-1/photo.bin';
    const body = Buffer.from('hello storage');
    const uploadUrl = await storage.presignPut(key, 'application/octet-stream');
    const put = await fetch(uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.status).toBe(200);

    expect(await storage.stat(key)).toMatchObject({ size: body.length });
    expect((await storage.getBuffer(key, 1024)).toString()).toBe('hello storage');
    await expect(storage.getBuffer(key, 4)).rejects.toThrow(/larger than 4 bytes/);
    const read = await fetch(await storage.presignGet(key));
    expect(Buffer.from(await read.arrayBuffer()).toString()).toBe('hello storage');

    await storage.remove([key, 'group-1/missing.bin']);
    expect(await storage.stat(key)).toBeNull();
    expect(await s3.objectExists(key)).toBe(false);
  });

  it('stores server-side writes', async () => {
    await storage.put('group-1/thumb.webp', Buffer.from([1, 2, 3]), 'image/webp');
    expect(await s3.getObject('group-1/thumb.webp')).toEqual(Buffer.from([1, 2, 3]));
  });
});
