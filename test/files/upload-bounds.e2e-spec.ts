import * as Minio from 'minio';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { createTestApp, TestApp } from '../support/app';
import { LoggedIn, signedInUser } from '../support/factories';
import { pngImage } from '../support/images';
import { startS3, TestS3 } from '../support/s3';
import { checkPresignedRequest } from '../support/s3-signature-check';

const MAX_IMAGE_BYTES = 300_000;

/**
 * The upload URL the API hands out for S3 binds the declared size and content type: the store
 * itself refuses anything else. The test store (s3rver) checks no signature, so it sits behind a
 * Signature Version 4 check that verifies presigned requests as a real store does; the first tests
 * show that check refuses what it must, so the upload tests can fail.
 */
describe('S3 upload URLs admit exactly what was declared', () => {
  let s3: TestS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const put = (url: string, body: Buffer, headers: Record<string, string>) => fetch(url, { method: 'PUT', body, headers });
  const withSignature = (url: string, edit: (signature: string) => string) => {
    const parsed = new URL(url);
    parsed.searchParams.set('X-Amz-Signature', edit(parsed.searchParams.get('X-Amz-Signature')!));
    return parsed.toString();
  };
  const flipLast = (signature: string) => signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');

  describe('the test store’s signature check', () => {
    it('serves a read URL as the minio client signs it, and refuses it with a changed signature, key or expiry', async () => {
      const storage = t.app.get(StorageService);
      await storage.put('check/object.png', Buffer.from('stored bytes'), 'image/png');
      const url = await storage.presignGet('check/object.png', 60);

      const read = await fetch(url);
      expect(read.status).toBe(200);
      expect(await read.text()).toBe('stored bytes');

      const tampered = await fetch(withSignature(url, flipLast));
      expect(tampered.status).toBe(403);
      expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      expect((await fetch(url.replace('/check/object.png', '/check/other.png'))).status).toBe(403);
      expect((await fetch(url.split('?')[0])).status).toBe(403); // no signature at all

      const { pathname, search } = new URL(url);
      const request = { method: 'GET', url: pathname + search, headers: { host: new URL(s3.endpoint).host } };
      const credentials = { accessKeyId: s3.env.S3_ACCESS_KEY, secretAccessKey: s3.env.S3_SECRET_KEY };
      expect(checkPresignedRequest(request, credentials)).toBeNull();
      expect(checkPresignedRequest(request, { ...credentials, secretAccessKey: 'another secret' })?.code).toBe('SignatureDoesNotMatch');
      expect(checkPresignedRequest(request, credentials, new Date(Date.now() + 61_000))).toEqual({ code: 'AccessDenied', message: 'Request has expired' });
    });

    it('lets through any body on a PUT URL signed over the host alone (the minio client’s own presigned PUT)', async () => {
      const endpoint = new URL(s3.endpoint);
      const client = new Minio.Client({
        endPoint: endpoint.hostname,
        port: Number(endpoint.port),
        useSSL: false,
        accessKey: s3.env.S3_ACCESS_KEY,
        secretKey: s3.env.S3_SECRET_KEY,
        region: s3.env.S3_REGION,
        pathStyle: true,
      });
      const url = await client.presignedPutObject(s3.bucket, 'check/unbound.upload', 60);
      expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      // what the upload URLs were before they were bound: any size, any type is stored
      expect((await put(url, Buffer.alloc(MAX_IMAGE_BYTES + 1), { 'Content-Type': 'text/html' })).status).toBe(200);
      expect(await s3.objectExists('check/unbound.upload')).toBe(true);
      expect((await put(withSignature(url, flipLast), Buffer.from('x'), {})).status).toBe(403);
    });
  });

  describe('through the API', () => {
    let user: LoggedIn;
    let image: Buffer;

    beforeAll(async () => {
      user = await signedInUser(t);
      image = await pngImage(80, 60);
    });

    /** POST /account/picture for `image` as a PNG: the ticket and the key it uploads to. */
    async function ticketFor(size = image.length, contentType = 'image/png') {
      const response = await t.api('POST', '/account/picture', { token: user.accessToken, payload: { contentType, size } });
      expect(response.statusCode).toBe(201);
      const ticket = response.json();
      const [row] = await t.db.query('SELECT storage_key FROM files WHERE id = $1', [ticket.imageId]);
      return { ...ticket, key: `${row.storage_key}.upload` } as { imageId: string; uploadUrl: string; headers: Record<string, string>; key: string };
    }
    const confirm = (imageId: string) => t.api('PATCH', `/account/picture/confirm/${imageId}`, { token: user.accessToken });

    it('signs the URL over content-length, content-type and host, and names both headers', async () => {
      const ticket = await ticketFor();
      expect(ticket.headers).toEqual({ 'Content-Type': 'image/png', 'Content-Length': String(image.length) });
      const query = new URL(ticket.uploadUrl).searchParams;
      expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
      expect(query.get('X-Amz-Expires')).toBe('900');
    });

    it('stores an upload of the declared size and type, which confirms', async () => {
      const ticket = await ticketFor();
      const response = await put(ticket.uploadUrl, image, { 'Content-Type': 'image/png' });
      expect(response.status).toBe(200);
      expect(await s3.getObject(ticket.key)).toEqual(image);
      const confirmed = await confirm(ticket.imageId);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ fileId: ticket.imageId, status: 'Processing' });
    });

    it.each([
      ['a bigger body', () => Buffer.concat([image, Buffer.alloc(1024)]), { 'Content-Type': 'image/png' }],
      ['a body of the maximum size', () => Buffer.alloc(MAX_IMAGE_BYTES), { 'Content-Type': 'image/png' }],
      ['a smaller body', () => image.subarray(0, image.length - 1), { 'Content-Type': 'image/png' }],
      ['another content type (HTML)', () => image, { 'Content-Type': 'text/html' }],
      ['another image type', () => image, { 'Content-Type': 'image/jpeg' }],
      ['no content type', () => image, {}],
    ])('refuses %s with 403 from the store, stores nothing, and confirm answers 400 UPLOAD_INVALID', async (_name, body, headers) => {
      const ticket = await ticketFor();
      const response = await put(ticket.uploadUrl, body(), headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      expect(await s3.objectExists(ticket.key)).toBe(false);
      const confirmed = await confirm(ticket.imageId);
      expect(confirmed.statusCode).toBe(400);
      expect(confirmed.json()).toMatchObject({ code: 'UPLOAD_INVALID', detail: 'Nothing was uploaded for this file' });
    });

    it('refuses a URL whose signature, declared size or expiry was edited (403), and stores nothing', async () => {
      const ticket = await ticketFor();
      const png = { 'Content-Type': 'image/png' };
      expect((await put(withSignature(ticket.uploadUrl, flipLast), image, png)).status).toBe(403);
      // the signed headers named without content-length: the signature no longer holds
      expect((await put(ticket.uploadUrl.replace('content-length%3B', ''), Buffer.alloc(MAX_IMAGE_BYTES * 2), png)).status).toBe(403);
      expect((await put(ticket.uploadUrl.replace('X-Amz-Expires=900', 'X-Amz-Expires=604800'), image, png)).status).toBe(403);
      expect(await s3.objectExists(ticket.key)).toBe(false);
      // the untouched URL still works
      expect((await put(ticket.uploadUrl, image, png)).status).toBe(200);
    });

    it('still refuses other declared types and sizes itself with problem details (400, 413)', async () => {
      const cases = [
        [{ contentType: 'text/html', size: 100 }, 400],
        [{ contentType: 'image/svg+xml', size: 100 }, 400],
        [{ contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 }, 413],
        [{ contentType: 'image/png', size: 2 ** 31 }, 400],
        [{ contentType: 'image/png', size: 0 }, 400],
      ] as const;
      for (const [payload, status] of cases) {
        const response = await t.api('POST', '/account/picture', { token: user.accessToken, payload });
        expect({ payload, status: response.statusCode, type: String(response.headers['content-type']).split(';')[0] }).toEqual({
          payload,
          status,
          type: 'application/problem+json',
        });
      }
      expect(
        (await t.api('POST', '/account/picture', { token: user.accessToken, payload: { contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 } })).json().code,
      ).toBe('IMAGE_TOO_LARGE');
    });
  });
});
