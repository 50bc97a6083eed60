import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';
import { startS3, TestS3 } from '../support/s3';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every Map route, given a marker id and an image id; bodies are valid so only access decides. */
function mapRoutes(markerId: string, imageId: string): [Method, string, unknown?][] {
  const marker = { title: 'Somewhere', latitude: 1, longitude: 2 };
  return [
    ['GET', '/markers'],
    ['GET', '/markers/locations'],
    ['POST', '/markers', marker],
    ['GET', `/markers/${markerId}`],
    ['PUT', `/markers/${markerId}`, marker],
    ['DELETE', `/markers/${markerId}`],
    ['PATCH', `/markers/${markerId}/restore`],
    ['PATCH', `/markers/${markerId}/location`, { latitude: 3, longitude: 4 }],
    ['GET', `/markers/${markerId}/images`],
    ['POST', `/markers/${markerId}/images`, { contentType: 'image/png', size: 100 }],
    ['PATCH', `/markers/${markerId}/images/${imageId}/confirm`],
    ['PATCH', `/markers/${markerId}/images/order`, { imageIds: [imageId] }],
    ['DELETE', `/markers/${markerId}/images/${imageId}`],
    ['GET', '/geocode/search?searchTerm=Berlin'],
  ];
}

describe('Map module access', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('answers 403 MODULE_DISABLED on every Map route for a group without the module', async () => {
    const owner = await signedInUser(t, { modules: ['Map'] });
    const markerId = (await t.api('POST', '/markers', { token: owner.accessToken, payload: { title: 'x', latitude: 0, longitude: 0 } })).json().id;
    const outsider = await signedInUser(t, { modules: ['Budget', 'Notes'] });
    for (const [method, path, payload] of mapRoutes(markerId, markerId)) {
      const response = await t.api(method, path, { token: outsider.accessToken, payload });
      expect([method, path, response.statusCode, response.json().code]).toEqual([method, path, 403, 'MODULE_DISABLED']);
    }
    const anonymous = await t.api('GET', '/markers');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 on every marker and image route for another group’s ids, and changes nothing', async () => {
    const owner = await signedInUser(t, { modules: ['Map'] });
    const token = owner.accessToken;
    const marker = (await t.api('POST', '/markers', { token, payload: { title: 'Mine', latitude: 10, longitude: 20 } })).json();
    const imageId = (await t.api('POST', `/markers/${marker.id}/images`, { token, payload: { contentType: 'image/png', size: 100 } })).json().imageId;
    const trashed = (await t.api('POST', '/markers', { token, payload: { title: 'Trashed', latitude: 10, longitude: 20 } })).json();
    await t.api('DELETE', `/markers/${trashed.id}`, { token });
    const before = await t.db.query('SELECT * FROM markers WHERE group_id = $1 ORDER BY id', [owner.groupId]);

    const stranger = await signedInUser(t, { modules: ['Map'] });
    const ownMarker = (await t.api('POST', '/markers', { token: stranger.accessToken, payload: { title: 'Theirs', latitude: 1, longitude: 1 } })).json();
    const routes = [
      ...mapRoutes(marker.id, imageId).filter(([, path]) => path.includes(marker.id)),
      ['PATCH', `/markers/${trashed.id}/restore`] as [Method, string],
      // the stranger's own marker with the owner's image id
      ['PATCH', `/markers/${ownMarker.id}/images/${imageId}/confirm`] as [Method, string],
      ['DELETE', `/markers/${ownMarker.id}/images/${imageId}`] as [Method, string],
    ];
    expect(routes.length).toBe(13);
    for (const [method, path, payload] of routes) {
      const response = await t.api(method, path, { token: stranger.accessToken, payload });
      expect([method, path, response.statusCode, response.json().code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    // the file status of the owner's image is not the stranger's either
    const [{ file_id: fileId }] = await t.db.query('SELECT file_id FROM marker_images WHERE id = $1', [imageId]);
    expect((await t.api('GET', `/files/${fileId}/status`, { token: stranger.accessToken })).statusCode).toBe(404);

    expect(await t.db.query('SELECT * FROM markers WHERE group_id = $1 ORDER BY id', [owner.groupId])).toEqual(before);
    expect((await t.db.query('SELECT id FROM marker_images WHERE id = $1', [imageId])).length).toBe(1);
    // and lists never show another group's markers
    expect((await t.api('GET', '/markers', { token: stranger.accessToken })).json().items.map((m: { id: string }) => m.id)).toEqual([ownMarker.id]);
    expect((await t.api('GET', '/markers?deleted=true', { token: stranger.accessToken })).json().totalItems).toBe(0);
    expect((await t.api('GET', '/markers/locations', { token: stranger.accessToken })).json().map((m: { id: string }) => m.id)).toEqual([ownMarker.id]);
  });
});
