import sharp from 'sharp';
import { StorageService } from '../../src/infrastructure/storage/storage.service';
import { ACCOUNT_ENV } from '../support/account';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser, TestUser, LoggedIn } from '../support/factories';
import { hasExifGps, jpegWithGps, pngImage, upload } from '../support/images';
import { startS3, TestS3 } from '../support/s3';
import { waitFor } from '../support/wait';

/** The profile picture through HTTP and an S3 protocol server: presign → PUT → confirm → processed → delete. */
describe('profile picture', () => {
  let s3: TestS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...ACCOUNT_ENV, ...s3.env, MAX_IMAGE_BYTES: '300000' });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const presign = (user: LoggedIn, payload: unknown) => t.api('POST', '/account/picture', { token: user.accessToken, payload });
  const confirm = (user: LoggedIn, imageId: string) => t.api('PATCH', `/account/picture/confirm/${imageId}`, { token: user.accessToken });
  const fileRow = async (id: string) => (await t.db.query('SELECT * FROM files WHERE id = $1', [id]))[0];
  const completed = (user: LoggedIn, fileId: string) =>
    waitFor(async () => {
      const status = (await t.api('GET', `/files/${fileId}/status`, { token: user.accessToken })).json();
      return status.status === 'Completed' ? status : undefined;
    });

  /** presign → PUT → confirm, returning the file id. */
  async function uploadPicture(user: TestUser & LoggedIn, image: Buffer, contentType = 'image/jpeg'): Promise<string> {
    const ticket = await presign(user, { contentType, size: image.length });
    expect(ticket.statusCode).toBe(201);
    expect(await upload(ticket.json(), image)).toBe(200);
    const confirmed = await confirm(user, ticket.json().imageId);
    expect(confirmed.statusCode).toBe(200);
    return ticket.json().imageId;
  }

  it('takes a JPEG with GPS from upload to a clean picture with a thumbnail, then deletes it with its objects', async () => {
    const user = await signedInUser(t);
    const original = await jpegWithGps();
    expect(await hasExifGps(original)).toBe(true);

    const ticket = await presign(user, { contentType: 'image/jpeg', size: original.length });
    expect(ticket.statusCode).toBe(201);
    const body = ticket.json();
    expect(body).toEqual({
      imageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uploadUrl: expect.stringContaining(s3.endpoint),
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(original.length) },
      expiresAt: expect.stringMatching(/Z$/),
    });
    expect(await upload(body, original)).toBe(200);

    const confirmed = await confirm(user, body.imageId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ fileId: body.imageId, status: 'Processing' });
    const status = await completed(user, body.imageId);
    expect(status).toEqual({ id: body.imageId, category: 'ProfilePicture', status: 'Completed', updatedDate: expect.any(String) });

    const row = await fileRow(body.imageId);
    expect(row.storage_key).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}$`));
    const stored = (await s3.getObject(row.storage_key))!;
    expect(await hasExifGps(stored)).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(await s3.objectExists(row.thumbnail_key)).toBe(true);

    const profile = (await t.api('GET', '/account', { token: user.accessToken })).json();
    expect(profile.pictureUrl).toContain(row.storage_key);
    const picture = await fetch(profile.pictureUrl);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(stored);

    const deleted = await t.api('DELETE', '/account/picture', { token: user.accessToken });
    expect(deleted.statusCode).toBe(204);
    expect((await t.api('GET', '/account', { token: user.accessToken })).json().pictureUrl).toBeNull();
    expect(await fileRow(body.imageId)).toBeUndefined();
    await waitFor(async () => !(await s3.objectExists(row.storage_key)) && !(await s3.objectExists(row.thumbnail_key)));
    // deleting when there is no picture is fine
    expect((await t.api('DELETE', '/account/picture', { token: user.accessToken })).statusCode).toBe(204);
  });

  it('replaces the previous picture and deletes its objects', async () => {
    const user = await signedInUser(t);
    const first = await uploadPicture(user, await pngImage(40, 40), 'image/png');
    await completed(user, first);
    const firstKey = (await fileRow(first)).storage_key;

    const second = await uploadPicture(user, await pngImage(50, 30), 'image/png');
    const [row] = await t.db.query('SELECT picture_file_id FROM users WHERE id = $1', [user.id]);
    expect(row.picture_file_id).toBe(second);
    expect(await fileRow(first)).toBeUndefined();
    await waitFor(async () => !(await s3.objectExists(firstKey)));
    await completed(user, second);
    expect((await fileRow(second)).width).toBe(50);
  });

  it('refuses a non-image uploaded as image/jpeg with 400 UPLOAD_INVALID and keeps the current picture', async () => {
    const user = await signedInUser(t);
    const good = await uploadPicture(user, await pngImage(), 'image/png');
    const text = Buffer.from('<html><script>alert(1)</script></html> definitely not a jpeg');
    const ticket = (await presign(user, { contentType: 'image/jpeg', size: text.length })).json();
    await upload(ticket, text);
    const response = await confirm(user, ticket.imageId);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UPLOAD_INVALID');
    const [row] = await t.db.query('SELECT picture_file_id FROM users WHERE id = $1', [user.id]);
    expect(row.picture_file_id).toBe(good);
  });

  it('refuses a size mismatch and a missing upload with 400 UPLOAD_INVALID', async () => {
    const user = await signedInUser(t);
    const image = await pngImage();
    const ticket = (await presign(user, { contentType: 'image/png', size: image.length + 1 })).json();
    expect((await confirm(user, ticket.imageId)).json().code).toBe('UPLOAD_INVALID');
    // the upload URL is signed for the declared size: the store refuses the other one
    expect(await upload(ticket, image)).toBe(403);
    // an object of another size that reached the store anyway is still refused at confirm
    const key = `${(await fileRow(ticket.imageId)).storage_key}.upload`;
    await t.app.get(StorageService).put(key, image, 'image/png');
    const mismatch = await confirm(user, ticket.imageId);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toMatch(/declared/);
  });

  it('checks type and size up front: 400 for other types, 413 over MAX_IMAGE_BYTES', async () => {
    const user = await signedInUser(t);
    const gif = await presign(user, { contentType: 'image/gif', size: 100 });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors[0].field).toBe('contentType');
    const big = await presign(user, { contentType: 'image/png', size: 300001 });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('IMAGE_TOO_LARGE');
    expect((await presign(user, { contentType: 'image/png', size: 0 })).statusCode).toBe(400);
    expect((await presign(user, { contentType: 'image/png' })).statusCode).toBe(400);
  });

  it('keeps pictures private to their owner: another user cannot confirm or see the status (404)', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t, { groupId: owner.groupId! });
    const image = await pngImage();
    const ticket = (await presign(owner, { contentType: 'image/png', size: image.length })).json();
    await upload(ticket, image);
    expect((await confirm(other, ticket.imageId)).statusCode).toBe(404);
    expect((await t.api('GET', `/files/${ticket.imageId}/status`, { token: other.accessToken })).statusCode).toBe(404);
    expect((await confirm(owner, 'not-a-uuid')).json().code).toBe('INVALID_ID');
  });
  it('shows the picture to the rest of the group in GET /group/members', async () => {
    const owner = await signedInUser(t);
    const member = await signedInUser(t, { groupId: owner.groupId! });
    const before = (await t.api('GET', '/group/members', { token: member.accessToken })).json();
    expect(before.find((m: { id: string }) => m.id === owner.id).pictureUrl).toBeNull();

    const fileId = await uploadPicture(owner, await pngImage(), 'image/png');
    await completed(owner, fileId);
    const members = (await t.api('GET', '/group/members', { token: member.accessToken })).json();
    const url = members.find((m: { id: string }) => m.id === owner.id).pictureUrl;
    expect(url).toContain(s3.endpoint);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');
    expect(members.find((m: { id: string }) => m.id === member.id).pictureUrl).toBeNull();
  });
});
