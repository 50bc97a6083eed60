import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { pngImage, upload } from '../support/images';
import { startS3, TestS3 } from '../support/s3';

/** Object storage going away between upload and confirm: 503 STORAGE_UNAVAILABLE, the file still Pending. */
describe('object storage outage', () => {
  let s3: TestS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, MAX_IMAGE_BYTES: '300000' });
  });
  afterAll(() => t.close());

  it('answers an image confirm 503 STORAGE_UNAVAILABLE with Retry-After, and leaves the file to be confirmed later', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const marker = (await t.api('POST', '/markers', { token: user.accessToken, payload: { title: 'Gate', latitude: 1, longitude: 2 } })).json();
    const image = await pngImage();
    const ticket = await t.api('POST', `/markers/${marker.id}/images`, { token: user.accessToken, payload: { contentType: 'image/png', size: image.length } });
    expect(ticket.statusCode).toBe(201);
    expect(await upload(ticket.json(), image)).toBe(200);
    const imageId = ticket.json().imageId ?? ticket.json().fileId;

    await s3.stop();
    const confirmed = await t.api('PATCH', `/markers/${marker.id}/images/${imageId}/confirm`, { token: user.accessToken });
    expect({ status: confirmed.statusCode, code: confirmed.json().code, type: String(confirmed.headers['content-type']).split(';')[0] }).toEqual({
      status: 503,
      code: 'STORAGE_UNAVAILABLE',
      type: 'application/problem+json',
    });
    expect(Number(confirmed.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.query('SELECT status FROM files WHERE group_id = $1', [user.groupId]);
    expect(rows).toEqual([{ status: 'Pending' }]);
  });
});
