import { MarkerTrashService } from '../../src/modules/markers/marker-trash.service';
import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { hasExifGps, jpegWithGps, pngImage, upload } from '../support/images';
import { startS3, TestS3 } from '../support/s3';
import { waitFor } from '../support/wait';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Marker images through HTTP, an S3 protocol server and the real processing job. */
describe('marker images', () => {
  let s3: TestS3;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '500', MAX_MARKER_IMAGES: '3', MAX_IMAGE_BYTES: '300000' });
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const newMarker = async (user: User, title = 'With pictures') => {
    const response = await t.api('POST', '/markers', { token: user.accessToken, payload: { title, latitude: 47.37, longitude: 8.54 } });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const presign = (user: User, markerId: string, payload: unknown) => t.api('POST', `/markers/${markerId}/images`, { token: user.accessToken, payload });
  const confirm = (user: User, markerId: string, imageId: string) =>
    t.api('PATCH', `/markers/${markerId}/images/${imageId}/confirm`, { token: user.accessToken });
  const images = async (user: User, markerId: string) => {
    const response = await t.api('GET', `/markers/${markerId}/images`, { token: user.accessToken });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const completed = (user: User, fileId: string) =>
    waitFor(async () => (await t.api('GET', `/files/${fileId}/status`, { token: user.accessToken })).json().status === 'Completed');
  const fileOf = async (imageId: string) =>
    (await t.db.query('SELECT f.* FROM files f JOIN marker_images mi ON mi.file_id = f.id WHERE mi.id = $1', [imageId]))[0];

  /** presign → PUT → confirm → wait until processed; returns the image id and file id. */
  async function addImage(user: User, markerId: string, image: Buffer, contentType: string) {
    const ticket = await presign(user, markerId, { contentType, size: image.length });
    expect(ticket.statusCode).toBe(201);
    expect(await upload(ticket.json(), image)).toBe(200);
    const confirmed = await confirm(user, markerId, ticket.json().imageId);
    expect(confirmed.statusCode).toBe(200);
    await completed(user, confirmed.json().fileId);
    return { imageId: ticket.json().imageId as string, fileId: confirmed.json().fileId as string };
  }

  it('goes presign → PUT → confirm → Completed → listed with URLs → reordered → deleted with its objects', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const markerId = await newMarker(user);
    const png = await pngImage(64, 48);

    const ticket = await presign(user, markerId, { contentType: 'image/png', size: png.length });
    expect(ticket.statusCode).toBe(201);
    expect(ticket.json()).toEqual({
      imageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uploadUrl: expect.stringContaining(s3.endpoint),
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', 'Content-Length': String(png.length) },
      expiresAt: expect.stringMatching(/Z$/),
    });
    const { imageId } = ticket.json();
    expect((await images(user, markerId))[0]).toMatchObject({ id: imageId, status: 'Pending', url: null, thumbnailUrl: null });
    expect(await upload(ticket.json(), png)).toBe(200);

    const confirmed = await confirm(user, markerId, imageId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: imageId, fileId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'Processing' });
    const { fileId } = confirmed.json();
    await completed(user, fileId);
    const status = (await t.api('GET', `/files/${fileId}/status`, { token: user.accessToken })).json();
    expect(status).toMatchObject({ id: fileId, category: 'MarkerImage', status: 'Completed' });

    const [first] = await images(user, markerId);
    expect(first).toEqual({
      id: imageId,
      order: 0,
      status: 'Completed',
      url: expect.stringContaining(s3.endpoint),
      thumbnailUrl: expect.stringContaining(s3.endpoint),
      contentType: 'image/png',
      size: expect.any(Number),
      width: 64,
      height: 48,
      createdDate: expect.stringMatching(/Z$/),
    });
    const fetched = await fetch(first.url);
    expect(fetched.status).toBe(200);
    expect((await fetch(first.thumbnailUrl)).status).toBe(200);

    // a phone photo: its GPS position must not survive processing
    const photo = await jpegWithGps();
    expect(await hasExifGps(photo)).toBe(true);
    const second = await addImage(user, markerId, photo, 'image/jpeg');
    const secondFile = await fileOf(second.imageId);
    expect(await hasExifGps((await s3.getObject(secondFile.storage_key))!)).toBe(false);

    const detail = (await t.api('GET', `/markers/${markerId}`, { token: user.accessToken })).json();
    expect(detail.imageCount).toBe(2);
    expect(detail.images.map((i: { id: string }) => i.id)).toEqual([imageId, second.imageId]);
    expect(detail.coverThumbnailUrl).toContain((await fileOf(imageId)).thumbnail_key);
    const listed = (await t.api('GET', '/markers', { token: user.accessToken })).json().items[0];
    expect(listed).toMatchObject({ id: markerId, imageCount: 2, coverThumbnailUrl: expect.stringContaining((await fileOf(imageId)).thumbnail_key) });

    const reordered = await t.api('PATCH', `/markers/${markerId}/images/order`, {
      token: user.accessToken,
      payload: { imageIds: [second.imageId, imageId] },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((i: { id: string; order: number }) => [i.id, i.order])).toEqual([
      [second.imageId, 0],
      [imageId, 1],
    ]);
    expect((await t.api('GET', `/markers/${markerId}`, { token: user.accessToken })).json().coverThumbnailUrl).toContain(secondFile.thumbnail_key);

    const firstFile = await fileOf(imageId);
    const deleted = await t.api('DELETE', `/markers/${markerId}/images/${imageId}`, { token: user.accessToken });
    expect(deleted.statusCode).toBe(204);
    expect((await images(user, markerId)).map((i: { id: string }) => i.id)).toEqual([second.imageId]);
    expect(await t.db.query('SELECT id FROM files WHERE id = $1', [fileId])).toEqual([]);
    await waitFor(async () => !(await s3.objectExists(firstFile.storage_key)) && !(await s3.objectExists(firstFile.thumbnail_key)));
    expect(await s3.objectExists(secondFile.storage_key)).toBe(true);
    expect((await t.api('DELETE', `/markers/${markerId}/images/${imageId}`, { token: user.accessToken })).statusCode).toBe(404);

    // every image change is in the history, with the acting user
    const history = await t.db.query(
      `SELECT entity_id, action, changes, user_id FROM action_histories WHERE entity_type = 'MarkerImage' AND group_id = $1 ORDER BY id`,
      [user.groupId],
    );
    expect(history.map((h: { entity_id: string; action: string }) => [h.entity_id, h.action])).toEqual([
      [imageId, 'Created'],
      [second.imageId, 'Created'],
      [second.imageId, 'Updated'],
      [imageId, 'Updated'],
      [imageId, 'Deleted'],
    ]);
    expect(history[0].changes).toMatchObject({ markerId: { old: null, new: markerId }, fileId: { old: null, new: fileId }, order: { old: null, new: 0 } });
    expect(history[2].changes).toEqual({ order: { old: 1, new: 0 } });
    expect(history.every((h: { user_id: string }) => h.user_id === user.id)).toBe(true);
  });

  it('refuses a reorder that is not exactly the marker’s images with 400', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const markerId = await newMarker(user);
    const otherMarkerId = await newMarker(user, 'Other');
    const small = await pngImage(8, 8);
    const a = (await presign(user, markerId, { contentType: 'image/png', size: small.length })).json().imageId;
    const b = (await presign(user, markerId, { contentType: 'image/png', size: small.length })).json().imageId;
    const foreign = (await presign(user, otherMarkerId, { contentType: 'image/png', size: small.length })).json().imageId;
    const stranger = await signedInUser(t, { modules: ['Map'] });
    const strangerImage = (await presign(stranger, await newMarker(stranger), { contentType: 'image/png', size: small.length })).json().imageId;

    for (const imageIds of [[a], [a, b, foreign], [a, foreign], [a, strangerImage], [a, a], [a, b, b], [], [a, 'not-a-uuid']]) {
      const response = await t.api('PATCH', `/markers/${markerId}/images/order`, { token: user.accessToken, payload: { imageIds } });
      expect([imageIds, response.statusCode]).toEqual([imageIds, 400]);
    }
    const missing = await t.api('PATCH', `/markers/${markerId}/images/order`, { token: user.accessToken, payload: { imageIds: [a] } });
    expect(missing.json()).toMatchObject({ code: 'INVALID_ORDER', errors: [{ field: 'imageIds' }] });
    expect((await t.api('PATCH', `/markers/${markerId}/images/order`, { token: user.accessToken, payload: {} })).statusCode).toBe(400);
    const ok = await t.api('PATCH', `/markers/${markerId}/images/order`, { token: user.accessToken, payload: { imageIds: [b, a] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().map((i: { id: string }) => i.id)).toEqual([b, a]);
  });

  it('allows MAX_MARKER_IMAGES images a marker: one more is 409 IMAGE_LIMIT', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const markerId = await newMarker(user);
    const small = await pngImage(8, 8);
    for (let i = 0; i < 3; i++) expect((await presign(user, markerId, { contentType: 'image/png', size: small.length })).statusCode).toBe(201);
    const over = await presign(user, markerId, { contentType: 'image/png', size: small.length });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'IMAGE_LIMIT', status: 409 });
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM marker_images WHERE marker_id = $1', [markerId]);
    expect(count).toBe(3);
    // another marker has its own allowance
    expect((await presign(user, await newMarker(user), { contentType: 'image/png', size: small.length })).statusCode).toBe(201);
  });

  it('checks the upload request and the uploaded object', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const markerId = await newMarker(user);
    expect((await presign(user, markerId, { contentType: 'image/gif', size: 10 })).statusCode).toBe(400);
    expect((await presign(user, markerId, { contentType: 'image/png', size: 0 })).statusCode).toBe(400);
    expect((await presign(user, markerId, { contentType: 'image/png', size: 10, name: 'x' })).statusCode).toBe(400);
    const tooLarge = await presign(user, markerId, { contentType: 'image/png', size: 300001 });
    expect(tooLarge.statusCode).toBe(413);

    const nothing = (await presign(user, markerId, { contentType: 'image/png', size: 100 })).json();
    const unconfirmed = await confirm(user, markerId, nothing.imageId);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().code).toBe('UPLOAD_INVALID');

    const text = Buffer.from('definitely not a png, just some text bytes');
    const fake = (await presign(user, markerId, { contentType: 'image/png', size: text.length })).json();
    await upload(fake, text);
    const refused = await confirm(user, markerId, fake.imageId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('UPLOAD_INVALID');
  });

  it('keeps the images of a marker in the trash and brings them back on restore', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const markerId = await newMarker(user);
    const { imageId, fileId } = await addImage(user, markerId, await pngImage(10, 10), 'image/png');
    const file = await fileOf(imageId);
    expect((await t.api('DELETE', `/markers/${markerId}`, { token: user.accessToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/markers/${markerId}/images`, { token: user.accessToken })).statusCode).toBe(404);
    const trash = (await t.api('GET', '/markers?deleted=true', { token: user.accessToken })).json();
    expect(trash.items[0]).toMatchObject({ id: markerId, imageCount: 1 });
    expect(await s3.objectExists(file.storage_key)).toBe(true);

    expect((await t.api('PATCH', `/markers/${markerId}/restore`, { token: user.accessToken })).json().images).toEqual([
      expect.objectContaining({ id: imageId, status: 'Completed' }),
    ]);
    expect((await t.db.query('SELECT id FROM files WHERE id = $1', [fileId])).length).toBe(1);
  });

  it('purges only trash older than TRASH_RETENTION_DAYS, with its images and their objects', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const expired = await newMarker(user, 'Expired');
    const recent = await newMarker(user, 'Recent');
    const live = await newMarker(user, 'Live');
    const expiredImage = await addImage(user, expired, await pngImage(12, 12), 'image/png');
    const recentImage = await addImage(user, recent, await pngImage(12, 12), 'image/png');
    const expiredFile = await fileOf(expiredImage.imageId);
    for (const id of [expired, recent]) await t.api('DELETE', `/markers/${id}`, { token: user.accessToken });

    const now = new Date('2031-03-15T04:00:00Z');
    const day = 86_400_000;
    await t.db.query('UPDATE markers SET deleted_date = $2 WHERE id = $1', [expired, new Date(now.getTime() - 30 * day - 1000)]);
    await t.db.query('UPDATE markers SET deleted_date = $2 WHERE id = $1', [recent, new Date(now.getTime() - 29 * day)]);

    const purged = await t.app.get(MarkerTrashService).purge(now);
    expect(purged).toBe(1);
    const remaining = await t.db.query('SELECT id FROM markers WHERE group_id = $1 ORDER BY title', [user.groupId]);
    expect(remaining.map((r: { id: string }) => r.id)).toEqual([live, recent]);
    expect(await t.db.query('SELECT id FROM marker_images WHERE marker_id = $1', [expired])).toEqual([]);
    expect(await t.db.query('SELECT id FROM files WHERE id = $1', [expiredImage.fileId])).toEqual([]);
    expect((await t.db.query('SELECT id FROM files WHERE id = $1', [recentImage.fileId])).length).toBe(1);
    await waitFor(async () => !(await s3.objectExists(expiredFile.storage_key)) && !(await s3.objectExists(expiredFile.thumbnail_key)));

    const history = await t.db.query(
      `SELECT entity_type, action, user_nickname FROM action_histories WHERE entity_id = ANY($1::uuid[]) AND action = 'Deleted' ORDER BY id`,
      [[expired, expiredImage.imageId]],
    );
    expect(history).toEqual([
      { entity_type: 'Marker', action: 'Deleted', user_nickname: user.nickname },
      { entity_type: 'MarkerImage', action: 'Deleted', user_nickname: 'System' },
      { entity_type: 'Marker', action: 'Deleted', user_nickname: 'System' },
    ]);
    // nothing more to do on a second run
    expect(await t.app.get(MarkerTrashService).purge(now)).toBe(0);
  });
});
