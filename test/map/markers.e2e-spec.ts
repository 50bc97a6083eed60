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
  afterEach(() => t.clock.reset());

  const create = (user: User, payload: Record<string, unknown>) => t.api('POST', '/markers', { token: user.accessToken, payload });
  const createOk = async (user: User, payload: Record<string, unknown>) => {
    const response = await create(user, payload);
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  it.each([
    ['23:59:59 UTC', '2026-12-31T23:59:59Z', '2026-12-31'],
    ['00:00 UTC', '2027-01-01T00:00:00Z', '2027-01-01'],
    ['23:30 in New York', '2027-01-01T04:30:00Z', '2027-01-01'],
    ['00:30 in Auckland', '2026-12-31T11:30:00Z', '2026-12-31'],
  ])('creates a marker with defaults (the date: today in UTC, at %s) and reads it back', async (_, now, today) => {
    t.clock.set(now);
    const user = await signedInUser(t, { modules: ['Map'] });
    const response = await create(user, { ...BERLIN, description: '<p>Gate</p>', address: 'Pariser Platz, Berlin' });
    expect(response.statusCode).toBe(201);
    const marker = response.json();
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
    expect(new Date(response.json().updatedDate).getTime()).toBeGreaterThan(new Date(marker.updatedDate).getTime());
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

describe('markers: list, search, trash, locations, sanitising', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = async (user: User, payload: Record<string, unknown>) => {
    const response = await t.api('POST', '/markers', { token: user.accessToken, payload: { ...BERLIN, ...payload } });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const list = (user: User, query = '') => t.api('GET', `/markers${query}`, { token: user.accessToken });
  const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

  it('paginates with the envelope, newest date first by default', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    for (const [title, date] of [
      ['A', '2024-01-03'],
      ['B', '2024-01-01'],
      ['C', '2024-01-05'],
      ['D', '2024-01-04'],
      ['E', '2024-01-02'],
    ]) {
      await create(user, { title, date });
    }
    const first = await list(user, '?pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect(titles(first.json())).toEqual(['C', 'D']);
    expect(titles((await list(user, '?pageSize=2&page=3')).json())).toEqual(['B']);
    expect((await list(user, '?pageSize=2&page=4')).json()).toMatchObject({ items: [], totalItems: 5 });
  });

  it('sorts by an allowed field, ascending or descending, and refuses others', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    await create(user, { title: 'Beta', rating: 2 });
    await create(user, { title: 'Alpha', rating: 5 });
    await create(user, { title: 'Gamma', rating: 3 });
    expect(titles((await list(user, '?sort=title')).json())).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(titles((await list(user, '?sort=-title')).json())).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(titles((await list(user, '?sort=-rating')).json())).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(titles((await list(user, '?sort=createdDate')).json())).toEqual(['Beta', 'Alpha', 'Gamma']);
    for (const bad of ['?sort=latitude', '?sort=title;drop', '?pageSize=101', '?page=0', '?deleted=yes']) {
      const response = await list(user, bad);
      expect(response.statusCode).toBe(400);
    }
  });

  it('searches title and description case-insensitively, with wildcards taken literally', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    await create(user, { title: 'Lake Cabin', description: '<p>Quiet spot</p>' });
    await create(user, { title: 'Old Town', description: '<p>Great <strong>CABIN</strong> food</p>' });
    await create(user, { title: 'Harbour', description: '100% fresh fish' });
    await create(user, { title: 'Airport' });
    expect(titles((await list(user, '?search=cabin&sort=title')).json())).toEqual(['Lake Cabin', 'Old Town']);
    expect(titles((await list(user, '?search=QUIET')).json())).toEqual(['Lake Cabin']);
    expect(titles((await list(user, '?search=0%25')).json())).toEqual(['Harbour']);
    expect(titles((await list(user, '?search=_')).json())).toEqual([]);
    expect((await list(user, '?search=cabin')).json().totalItems).toBe(2);
  });

  it('soft-deletes into the trash, lists it with deleted=true, restores it, and refuses restoring a live marker', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const keep = await create(user, { title: 'Keep' });
    const marker = await create(user, { title: 'Trash me' });
    const token = user.accessToken;

    expect((await t.api('DELETE', `/markers/${marker.id}`, { token })).statusCode).toBe(204);
    expect(titles((await list(user)).json())).toEqual(['Keep']);
    expect((await t.api('GET', `/markers/${marker.id}`, { token })).statusCode).toBe(404);
    expect((await t.api('PUT', `/markers/${marker.id}`, { token, payload: BERLIN })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/markers/${marker.id}`, { token })).statusCode).toBe(404);
    const locations = (await t.api('GET', '/markers/locations', { token })).json();
    expect(locations.map((l: { id: string }) => l.id)).toEqual([keep.id]);

    const trash = (await list(user, '?deleted=true')).json();
    expect(trash).toMatchObject({ totalItems: 1, items: [{ id: marker.id, title: 'Trash me', deletedDate: expect.stringMatching(/Z$/) }] });
    const [row] = await t.db.query('SELECT deleted_date FROM markers WHERE id = $1', [marker.id]);
    expect(row.deleted_date).toBeInstanceOf(Date);

    const restored = await t.api('PATCH', `/markers/${marker.id}/restore`, { token });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: marker.id, deletedDate: null, title: 'Trash me' });
    expect(titles((await list(user, '?sort=title')).json())).toEqual(['Keep', 'Trash me']);
    expect((await list(user, '?deleted=true')).json().totalItems).toBe(0);

    const again = await t.api('PATCH', `/markers/${marker.id}/restore`, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MARKER_NOT_DELETED');
  });

  it('returns all live locations in minimal form, or only those inside the bbox', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const berlin = await create(user, { title: 'Berlin', latitude: 52.52, longitude: 13.405, rating: 4 });
    const paris = await create(user, { title: 'Paris', latitude: 48.8566, longitude: 2.3522 });
    const tokyo = await create(user, { title: 'Tokyo', latitude: 35.6762, longitude: 139.6503 });
    const fiji = await create(user, { title: 'Suva', latitude: -18.1248, longitude: 178.4501 });
    const token = user.accessToken;

    const all = await t.api('GET', '/markers/locations', { token });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('application/json');
    const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(all.json())).toEqual(
      byId([
        { id: berlin.id, title: 'Berlin', latitude: 52.52, longitude: 13.405, rating: 4 },
        { id: paris.id, title: 'Paris', latitude: 48.8566, longitude: 2.3522, rating: 5 },
        { id: tokyo.id, title: 'Tokyo', latitude: 35.6762, longitude: 139.6503, rating: 5 },
        { id: fiji.id, title: 'Suva', latitude: -18.1248, longitude: 178.4501, rating: 5 },
      ]),
    );
    const box = async (bbox: string) => {
      const response = await t.api('GET', `/markers/locations?bbox=${bbox}`, { token });
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .map((l: { title: string }) => l.title)
        .sort();
    };
    expect(await box('-10,35,20,60')).toEqual(['Berlin', 'Paris']);
    expect(await box('13,52,14,53')).toEqual(['Berlin']);
    expect(await box('0,0,1,1')).toEqual([]);
    // across the antimeridian: from 170°E eastwards to 170°W
    expect(await box('170,-30,-170,0')).toEqual(['Suva']);
    for (const bad of ['1,2,3', '13,52,14,53,1', 'a,b,c,d', '-181,0,0,1', '0,10,1,5', '0,-91,1,1']) {
      const response = await t.api('GET', `/markers/locations?bbox=${bad}`, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('bbox');
    }
    const empty = await signedInUser(t, { modules: ['Map'] });
    expect((await t.api('GET', '/markers/locations', { token: empty.accessToken })).json()).toEqual([]);
  });

  it('sanitises the description: scripts, event handlers and javascript: links never come back', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const marker = await create(user, {
      description:
        '<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.org" onmouseover="x()">good</a><style>p{}</style>',
    });
    const expected =
      '<p>Hi <strong>there</strong></p><a rel="noopener noreferrer nofollow" target="_blank">bad</a> ' +
      '<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">good</a>';
    expect(marker.description).toBe(expected);
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'javascript:', '<img', '<style']) expect(marker.description).not.toContain(bad);
    const [row] = await t.db.query('SELECT description FROM markers WHERE id = $1', [marker.id]);
    expect(row.description).toBe(expected);
    const updated = await t.api('PUT', `/markers/${marker.id}`, {
      token: user.accessToken,
      payload: { ...BERLIN, description: '<svg onload=alert(1)><p>ok</p>' },
    });
    expect(updated.json().description).toBe('<p>ok</p>');
  });
});

describe('markers: action history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes Created, Updated (with field diffs), Deleted and Restored rows, each with the acting user', async () => {
    const user = await signedInUser(t, { modules: ['Map'] });
    const token = user.accessToken;
    const created = await t.api('POST', '/markers', {
      token,
      payload: { ...BERLIN, date: '2024-06-01', rating: 4, description: '<b>x</b><script>y</script>' },
    });
    const id = created.json().id;
    await t.api('PUT', `/markers/${id}`, { token, payload: { ...BERLIN, title: 'Tor', rating: 2 } });
    await t.api('PATCH', `/markers/${id}/location`, { token, payload: { latitude: 50, longitude: 10, address: 'Elsewhere' } });
    // a save that changes nothing writes nothing
    await t.api('PATCH', `/markers/${id}/location`, { token, payload: { latitude: 50, longitude: 10 } });
    await t.api('DELETE', `/markers/${id}`, { token });
    await t.api('PATCH', `/markers/${id}/restore`, { token });

    const rows = await t.db.query(
      'SELECT action, changes, user_id, user_nickname, group_id, entity_type FROM action_histories WHERE entity_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['Created', 'Updated', 'Updated', 'Deleted', 'Restored']);
    for (const row of rows) {
      expect(row).toMatchObject({ entity_type: 'Marker', user_id: user.id, user_nickname: user.nickname, group_id: user.groupId });
    }
    expect(rows[0].changes).toEqual({
      groupId: { old: null, new: user.groupId },
      title: { old: null, new: 'Brandenburger Tor' },
      date: { old: null, new: '2024-06-01' },
      rating: { old: null, new: 4 },
      description: { old: null, new: '<b>x</b>' },
      latitude: { old: null, new: 52.5163 },
      longitude: { old: null, new: 13.3777 },
      createdBy: { old: null, new: user.id },
    });
    expect(rows[1].changes).toEqual({ title: { old: 'Brandenburger Tor', new: 'Tor' }, rating: { old: 4, new: 2 } });
    expect(rows[2].changes).toEqual({
      latitude: { old: 52.5163, new: 50 },
      longitude: { old: 13.3777, new: 10 },
      address: { old: null, new: 'Elsewhere' },
    });

    // the group's members read it through the history API
    const history = await t.api('GET', `/action-histories?entityType=Marker&entityId=${id}`, { token });
    expect(history.statusCode).toBe(200);
    expect(history.json().totalItems).toBe(5);
  });
});
