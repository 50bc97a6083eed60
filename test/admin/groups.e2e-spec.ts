import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, LoggedIn, signedInUser, TestUser } from '../support/factories';

describe('groups (Admin) and GET /group/members', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(() => t.close());

  const post = (payload: unknown) => t.api('POST', '/groups', { token: admin.accessToken, payload });

  it('creates a group and records it in the history', async () => {
    const response = await post({ name: '  Lakeside  ', currency: 'gbp', modules: ['Notes', 'Map'] });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Lakeside',
      currency: 'GBP',
      modules: ['Map', 'Notes'],
      memberCount: 0,
      createdDate: expect.stringMatching(/Z$/),
    });
    const [row] = await t.db.query('SELECT * FROM action_histories WHERE entity_id = $1', [body.id]);
    expect(row).toMatchObject({
      entity_type: 'Group',
      action: 'Created',
      group_id: body.id,
      admin_only: true,
      user_id: admin.id,
      changes: { name: { old: null, new: 'Lakeside' }, currency: { old: null, new: 'GBP' }, modules: { old: null, new: ['Map', 'Notes'] } },
    });
  });

  it('accepts an empty module set', async () => {
    const response = await post({ name: 'Bare', currency: 'EUR', modules: [] });
    expect(response.statusCode).toBe(201);
    expect(response.json().modules).toEqual([]);
  });

  it.each([
    [{ name: 'X', currency: 'EURO', modules: [] }, 'currency'],
    [{ name: 'X', currency: 'XYZ', modules: [] }, 'currency'],
    [{ name: 'X', currency: 12, modules: [] }, 'currency'],
    [{ name: 'X', currency: 'EUR', modules: ['Map', 'Chat'] }, 'modules'],
    [{ name: 'X', currency: 'EUR', modules: ['Map', 'Map'] }, 'modules'],
    [{ name: 'X', currency: 'EUR', modules: 'Map' }, 'modules'],
    [{ name: '   ', currency: 'EUR', modules: [] }, 'name'],
    [{ name: 'x'.repeat(101), currency: 'EUR', modules: [] }, 'name'],
    [{ currency: 'EUR', modules: [] }, 'name'],
    [{ name: 'X', currency: 'EUR', modules: [], memberCount: 3 }, 'memberCount'],
  ])('refuses %j (400 on %s)', async (payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a duplicate name, case-insensitively, on create and on update (409 GROUP_NAME_TAKEN)', async () => {
    const existing = await createGroup(t, { name: 'Riverside' });
    const duplicate = await post({ name: 'riverSIDE', currency: 'EUR', modules: [] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('GROUP_NAME_TAKEN');

    const other = await createGroup(t);
    const rename = await t.api('PUT', `/groups/${other.id}`, {
      token: admin.accessToken,
      payload: { name: 'RIVERSIDE', currency: 'EUR', modules: [] },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('GROUP_NAME_TAKEN');
    const [row] = await t.db.query('SELECT name FROM groups WHERE id = $1', [other.id]);
    expect(row.name).toBe(other.name);
    const history = await t.db.query('SELECT * FROM action_histories WHERE entity_id = ANY($1)', [[existing.id, other.id]]);
    expect(history).toEqual([]);
  });

  it('updates a group, with the field diff in the history', async () => {
    const group = await createGroup(t, { currency: 'EUR', modules: ['Map', 'Budget', 'Notes'] });
    await createUser(t, { groupId: group.id });
    await createUser(t, { groupId: group.id, status: 'Deactivated' });
    const response = await t.api('PUT', `/groups/${group.id}`, {
      token: admin.accessToken,
      payload: { name: group.name, currency: 'EUR', modules: ['Budget'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: group.id, modules: ['Budget'], memberCount: 1 });
    const rows = await t.db.query('SELECT * FROM action_histories WHERE entity_id = $1', [group.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'Updated', changes: { modules: { old: ['Map', 'Budget', 'Notes'], new: ['Budget'] } } });
  });

  it('answers 404 for an unknown group and 400 for a malformed id', async () => {
    const payload = { name: 'Nope', currency: 'EUR', modules: [] };
    const unknown = await t.api('PUT', '/groups/01890000-0000-7000-8000-000000000000', { token: admin.accessToken, payload });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const malformed = await t.api('PUT', '/groups/123', { token: admin.accessToken, payload });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_ID', errors: [{ field: 'groupId' }] });
    // neither request created or renamed anything
    expect(await t.db.query(`SELECT id FROM groups WHERE name = 'Nope'`)).toEqual([]);
  });

  it('lists every group by name with its Active member count', async () => {
    const group = await createGroup(t, { name: 'Aardvark house' });
    await createUser(t, { groupId: group.id });
    await createUser(t, { groupId: group.id });
    await createUser(t, { groupId: group.id, status: 'Pending' });
    const response = await t.api('GET', '/groups', { token: admin.accessToken });
    expect(response.statusCode).toBe(200);
    const groups = response.json();
    const names = groups.map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(groups.find((g: { id: string }) => g.id === group.id)).toMatchObject({ name: 'Aardvark house', memberCount: 2 });
  });

  describe('GET /group/members', () => {
    it("lists only the caller's group's Active members; another group's members are never visible", async () => {
      const group = await createGroup(t);
      const caller = await signedInUser(t, { groupId: group.id });
      const mate = await createUser(t, { groupId: group.id, nickname: 'Aaron', role: 'Admin' });
      await createUser(t, { groupId: group.id, status: 'Deactivated' });
      const stranger = await signedInUser(t);

      const response = await t.api('GET', '/group/members', { token: caller.accessToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: mate.id, nickname: 'Aaron', role: 'Admin', pictureUrl: null },
        { id: caller.id, nickname: caller.nickname, role: 'User', pictureUrl: null },
      ]);
      const theirs = (await t.api('GET', '/group/members', { token: stranger.accessToken })).json();
      expect(theirs.map((m: { id: string }) => m.id)).toEqual([stranger.id]);
    });

    it('needs a token', async () => {
      expect((await t.api('GET', '/group/members')).statusCode).toBe(401);
    });
  });
});
