import { createTestApp, TestApp } from '../support/app';
import { signedInUser } from '../support/factories';

type User = Awaited<ReturnType<typeof signedInUser>>;

const BERLIN = { title: 'Brandenburger Tor', latitude: 52.5163, longitude: 13.3777 };

describe('markers: CRUD, list, trash, locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (user: User, payload: Record<string, unknown>) => t.api('POST', '/markers', { token: user.accessToken, payload });
  const createOk = async (user: User, payload: Record<string, unknown>) => {
    const response = await create(user, payload);
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  it('creates a marker with defaults and reads it back', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const response = await create(user, { ...BERLIN, description: '<p>Gate</p>', address: 'Pariser Platz, Berlin' });
    expect(response.statusCode).toBe(201);
    const marker = response.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(marker).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Brandenburger Tor',
      date: today,
      rating: 5,
      description: '<p>Gate</p>',
      latitude: 52.5163,
      longitude: 13.3777,
      address: 'Pariser Platz, Berlin',
      createdBy: user.id,
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: expect.stringMatching(/Z$/),
      deletedDate: null,
      imageCount: 0,
      coverThumbnailUrl: null,
      images: [],
    });
    const detail = await t.api('GET', `/markers/${marker.id}`, { token: user.accessToken });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(marker);
    const [row] = await t.db.query('SELECT group_id, rating, date::text AS date FROM markers WHERE id = $1', [marker.id]);
    expect(row).toEqual({ group_id: user.groupId, rating: 5, date: today });
  });

  it.each([
    ['latitude 91', { ...BERLIN, latitude: 91 }, 'latitude'],
    ['longitude -181', { ...BERLIN, longitude: -181 }, 'longitude'],
    ['an empty title', { ...BERLIN, title: '   ' }, 'title'],
    ['a title of 101 characters', { ...BERLIN, title: 'x'.repeat(101) }, 'title'],
    ['an unknown field', { ...BERLIN, color: 'red' }, 'color'],
    ['rating 6', { ...BERLIN, rating: 6 }, 'rating'],
    ['rating 2.5', { ...BERLIN, rating: 2.5 }, 'rating'],
    ['an impossible date', { ...BERLIN, date: '2025-02-30' }, 'date'],
    ['a date with a time', { ...BERLIN, date: '2025-02-03T10:00:00Z' }, 'date'],
    ['a latitude given as a string', { ...BERLIN, latitude: '52.5' }, 'latitude'],
    ['a description over 10 000 characters', { ...BERLIN, description: 'x'.repeat(10_001) }, 'description'],
    ['no longitude', { title: 'x', latitude: 1 }, 'longitude'],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const response = await create(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM markers WHERE group_id = $1', [user.groupId]);
    expect(count).toBe(0);
  });

  it('answers 400 for a malformed marker id and 404 for an unknown one', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    expect((await t.api('GET', '/markers/not-a-uuid', { token: user.accessToken })).statusCode).toBe(400);
    const missing = await t.api('GET', '/markers/0198f5a2-0000-7000-8000-000000000000', { token: user.accessToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('updates a marker; omitted optional fields are kept and address null clears', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const marker = await createOk(user, { ...BERLIN, rating: 3, date: '2024-05-01', description: 'old', address: 'somewhere' });
    const response = await t.api('PUT', `/markers/${marker.id}`, {
      token: user.accessToken,
      payload: { title: 'Gate', latitude: 52.5, longitude: 13.4, address: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Gate',
      rating: 3,
      date: '2024-05-01',
      description: 'old',
      latitude: 52.5,
      longitude: 13.4,
      address: null,
    });
    const invalid = await t.api('PUT', `/markers/${marker.id}`, { token: user.accessToken, payload: { ...BERLIN, latitude: 91 } });
    expect(invalid.statusCode).toBe(400);
  });

  it('moves a marker with the location-only update', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const marker = await createOk(user, { ...BERLIN, address: 'Pariser Platz', rating: 4 });
    const moved = await t.api('PATCH', `/markers/${marker.id}/location`, {
      token: user.accessToken,
      payload: { latitude: 48.8584, longitude: 2.2945, address: 'Champ de Mars, Paris' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ title: BERLIN.title, rating: 4, latitude: 48.8584, longitude: 2.2945, address: 'Champ de Mars, Paris' });
    const kept = await t.api('PATCH', `/markers/${marker.id}/location`, { token: user.accessToken, payload: { latitude: 1, longitude: 2 } });
    expect(kept.json()).toMatchObject({ latitude: 1, longitude: 2, address: 'Champ de Mars, Paris' });
    const refused = await t.api('PATCH', `/markers/${marker.id}/location`, {
      token: user.accessToken,
      payload: { latitude: 1, longitude: 2, title: 'not here' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['title']);
  });
});
