import { UnitOfWork } from '../../src/database/transaction';
import sharp from 'sharp';
import { FilesService } from '../../src/modules/files/files.service';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, signedInUser } from '../support/factories';
import { hasExifGps, jpegWithGps, pngImage, upload } from '../support/images';
import { startS3, TestS3 } from '../support/s3';
import { waitFor } from '../support/wait';

/** FilesService (the shared upload pipeline) and GET /files/{fileId}/status, against s3rver and pg-boss. */
describe('files', () => {
  let s3: TestS3;
  let t: TestApp;
  let files: FilesService;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', MAX_IMAGE_BYTES: '200000' });
    files = t.app.get(FilesService);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const fileRow = async (id: string) => (await t.db.query('SELECT * FROM files WHERE id = $1', [id]))[0];
  const statusOf = (id: string, token: string) => t.api('GET', `/files/${id}/status`, { token });
  const waitForStatus = (id: string, token: string, status: string) =>
    waitFor(async () => {
      const body = (await statusOf(id, token)).json();
      return body.status === status ? body : undefined;
    });

  it('takes a marker image from upload to Completed: GPS stripped, rotated, thumbnail written', async () => {
    const user = await signedInUser(t);
    const original = await jpegWithGps();
    expect(await hasExifGps(original)).toBe(true);

    const ticket = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/jpeg',
      size: original.length,
    });
    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(original.length) } });
    expect(ticket.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const pending = await statusOf(ticket.fileId, user.accessToken);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ id: ticket.fileId, category: 'MarkerImage', status: 'Pending', updatedDate: expect.any(String) });

    expect(await upload(ticket, original)).toBe(200);
    const confirmed = await files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! });
    expect(confirmed).toEqual({ fileId: ticket.fileId, status: 'Processing' });
    // confirming again changes nothing and enqueues nothing more
    await files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! });

    await waitForStatus(ticket.fileId, user.accessToken, 'Completed');
    const row = await fileRow(ticket.fileId);
    expect(row.storage_key).toMatch(new RegExp(`^${user.groupId}/[0-9a-f-]{36}$`));
    expect([row.width, row.height]).toEqual([100, 200]);
    const stored = (await s3.getObject(row.storage_key))!;
    expect(row.size).toBe(stored.length);
    expect(await hasExifGps(stored)).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('HearthTestCam'))).toBe(false);
    const thumbnail = (await s3.getObject(row.thumbnail_key))!;
    const thumbMeta = await sharp(thumbnail).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(320);
    expect(await s3.objectExists(`${row.storage_key}.upload`)).toBe(false);
    const jobs = await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'files-process' AND data->>'fileId' = $1`, [ticket.fileId]);
    expect(jobs[0].n).toBe(1);

    const urls = (await files.urlsById([ticket.fileId])).get(ticket.fileId)!;
    const read = await fetch(urls.thumbnailUrl);
    expect(read.status).toBe(200);
  });

  it('refuses unsupported types with 400 and oversized images with 413 before any upload', async () => {
    const user = await signedInUser(t);
    const base = { category: 'MarkerImage' as const, ownerUserId: user.id, groupId: user.groupId };
    await expect(files.createUpload({ ...base, contentType: 'image/gif', size: 10 })).rejects.toMatchObject({ status: 400, code: 'UNSUPPORTED_IMAGE_TYPE' });
    await expect(files.createUpload({ ...base, contentType: 'image/png', size: 200001 })).rejects.toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [user.id]);
    expect(n).toBe(0);
  });

  it.each([
    ['nothing uploaded', null, 100],
    ['a size other than declared', 'png', 10],
    ['a text file declared as image/jpeg', 'text', 0],
  ])('answers 400 UPLOAD_INVALID for %s and leaves the file Pending', async (_name, kind, declared) => {
    const user = await signedInUser(t);
    const body = kind === 'png' ? await pngImage() : Buffer.from('this is plain text, not a JPEG at all');
    const ticket = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/jpeg',
      size: declared || body.length,
    });
    if (kind) await upload(ticket, body);
    await expect(files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! })).rejects.toMatchObject({
      status: 400,
      code: 'UPLOAD_INVALID',
    });
    expect((await fileRow(ticket.fileId)).status).toBe('Pending');
  });

  it('marks a file Failed with a reason when the bytes look like an image but do not decode', async () => {
    const user = await signedInUser(t);
    const broken = Buffer.concat([(await pngImage()).subarray(0, 40), Buffer.alloc(60, 7)]);
    const ticket = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/png',
      size: broken.length,
    });
    await upload(ticket, broken);
    await files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! });
    const failed = await waitForStatus(ticket.fileId, user.accessToken, 'Failed');
    expect(failed.error).toMatch(/could not be decoded/);
  });

  it('shows a status only to the file’s group (marker image) or owner (profile picture)', async () => {
    const group = await createGroup(t);
    const owner = await signedInUser(t, { groupId: group.id });
    const member = await signedInUser(t, { groupId: group.id });
    const stranger = await signedInUser(t);
    const marker = await files.createUpload({ category: 'MarkerImage', ownerUserId: owner.id, groupId: group.id, contentType: 'image/png', size: 10 });
    const picture = await files.createUpload({ category: 'ProfilePicture', ownerUserId: owner.id, contentType: 'image/png', size: 10 });

    expect((await statusOf(marker.fileId, member.accessToken)).statusCode).toBe(200);
    expect((await statusOf(picture.fileId, owner.accessToken)).statusCode).toBe(200);
    for (const [id, token] of [
      [marker.fileId, stranger.accessToken],
      [picture.fileId, member.accessToken],
      ['01950000-0000-7000-8000-000000000000', owner.accessToken],
    ]) {
      const response = await statusOf(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await statusOf('not-a-uuid', owner.accessToken)).json().code).toBe('INVALID_ID');
    await expect(files.confirmUpload(marker.fileId, { category: 'MarkerImage', groupId: stranger.groupId! })).rejects.toMatchObject({ status: 404 });
  });

  it('removeFiles deletes the row at once and every object through the job', async () => {
    const user = await signedInUser(t);
    const image = await pngImage();
    const ticket = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/png',
      size: image.length,
    });
    await upload(ticket, image);
    await files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! });
    await waitForStatus(ticket.fileId, user.accessToken, 'Completed');
    const row = await fileRow(ticket.fileId);
    expect(await s3.objectExists(row.storage_key)).toBe(true);

    await t.app.get(UnitOfWork).run(() => files.removeFiles([ticket.fileId]));
    expect(await fileRow(ticket.fileId)).toBeUndefined();
    await waitFor(async () => !(await s3.objectExists(row.storage_key)) && !(await s3.objectExists(row.thumbnail_key)));
  });

  it('housekeeping removes uploads still Pending after UPLOAD_TIMEOUT_MINUTES, with their objects', async () => {
    const user = await signedInUser(t);
    const image = await pngImage();
    const old = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/png',
      size: image.length,
    });
    await upload(old, image);
    const fresh = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/png',
      size: image.length,
    });
    const oldKey = (await fileRow(old.fileId)).storage_key;
    expect(await s3.objectExists(`${oldKey}.upload`)).toBe(true);

    const inAnHour = new Date(Date.now() + 61 * 60_000);
    await t.db.query(`UPDATE files SET created_date = created_date - interval '2 hours' WHERE id = $1`, [old.fileId]);
    const result = await files.removeStalePending(new Date());
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await fileRow(old.fileId)).toBeUndefined();
    expect(await fileRow(fresh.fileId)).toBeDefined();
    expect(await s3.objectExists(`${oldKey}.upload`)).toBe(false);
    // the same run an hour later takes the fresh one too
    await files.removeStalePending(inAnHour);
    expect(await fileRow(fresh.fileId)).toBeUndefined();
  });

  it('housekeeping removes what an upload URL wrote after confirm, once older than UPLOAD_TIMEOUT_MINUTES', async () => {
    const user = await signedInUser(t);
    const image = await pngImage();
    const ticket = await files.createUpload({
      category: 'MarkerImage',
      ownerUserId: user.id,
      groupId: user.groupId,
      contentType: 'image/png',
      size: image.length,
    });
    expect(await upload(ticket, image)).toBe(200);
    await files.confirmUpload(ticket.fileId, { category: 'MarkerImage', groupId: user.groupId! });
    await waitForStatus(ticket.fileId, user.accessToken, 'Completed');
    const row = await fileRow(ticket.fileId);
    await waitFor(async () => !(await s3.objectExists(`${row.storage_key}.upload`)));
    // the URL is still valid: a second write lands under the upload key again
    expect(await upload(ticket, image)).toBe(200);
    expect(await s3.objectExists(`${row.storage_key}.upload`)).toBe(true);

    // not yet older than the timeout: kept (an upload in progress looks the same)
    expect((await files.removeStalePending(new Date())).uploads).toBe(0);
    expect(await s3.objectExists(`${row.storage_key}.upload`)).toBe(true);
    const result = await files.removeStalePending(new Date(Date.now() + 61 * 60_000));
    expect(result.uploads).toBeGreaterThanOrEqual(1);
    expect(await s3.objectExists(`${row.storage_key}.upload`)).toBe(false);
    // the image itself stays
    expect(await s3.objectExists(row.storage_key)).toBe(true);
    expect(await s3.objectExists(row.thumbnail_key)).toBe(true);
    expect((await fileRow(ticket.fileId)).status).toBe('Completed');
  });
});
