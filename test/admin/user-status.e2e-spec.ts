import { USER_STATUSES, UserStatus } from '../../src/modules/users/entities/user.entity';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, login, signedInUser, TestUser, LoggedIn } from '../support/factories';

const ALLOWED: [UserStatus, UserStatus][] = [
  ['Pending', 'Active'],
  ['Pending', 'Declined'],
  ['Active', 'Deactivated'],
  ['Deactivated', 'Active'],
  ['Declined', 'Active'],
];
const isAllowed = (from: UserStatus, to: UserStatus) => ALLOWED.some(([a, b]) => a === from && b === to);
const ALL_PAIRS = USER_STATUSES.flatMap((from) => USER_STATUSES.map((to) => [from, to] as [UserStatus, UserStatus]));

describe('PATCH /users/{userId}/status', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(() => t.close());

  const setStatus = (userId: string, payload: Record<string, unknown>, token = admin.accessToken) =>
    t.api('PATCH', `/users/${userId}/status`, { token, payload });
  const statusOf = async (userId: string) => (await t.db.query('SELECT status FROM users WHERE id = $1', [userId]))[0].status;

  it.each(ALL_PAIRS.filter(([from, to]) => isAllowed(from, to)))('allows %s → %s', async (from, to) => {
    const user = await createUser(t, { status: from });
    const response = await setStatus(user.id, { status: to });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, status: to, username: user.username, groupId: user.groupId });
    expect(await statusOf(user.id)).toBe(to);
  });

  it.each(ALL_PAIRS.filter(([from, to]) => !isAllowed(from, to)))('refuses %s → %s with 409 INVALID_TRANSITION', async (from, to) => {
    const user = await createUser(t, { status: from });
    const response = await setStatus(user.id, { status: to });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INVALID_TRANSITION', status: 409 });
    expect(await statusOf(user.id)).toBe(from);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM action_histories WHERE entity_id = $1', [user.id]);
    expect(count).toBe(0);
  });

  it('needs a group to approve: 409 GROUP_REQUIRED without one, the given group with one', async () => {
    const user = await createUser(t, { status: 'Pending', groupId: null });
    const refused = await setStatus(user.id, { status: 'Active' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GROUP_REQUIRED');
    expect(await statusOf(user.id)).toBe('Pending');

    const group = await createGroup(t);
    const approved = await setStatus(user.id, { status: 'Active', groupId: group.id });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Active', groupId: group.id });
    // the approved user can now sign in, into that group
    expect((await login(t, user)).claims.GroupId).toBe(group.id);
  });

  it('moves an approved user into the given group even when they had one', async () => {
    const user = await createUser(t, { status: 'Declined' });
    const group = await createGroup(t);
    const response = await setStatus(user.id, { status: 'Active', groupId: group.id });
    expect(response.json()).toMatchObject({ status: 'Active', groupId: group.id });
  });

  it('answers 404 for an unknown group and leaves the user Pending', async () => {
    const user = await createUser(t, { status: 'Pending', groupId: null });
    const response = await setStatus(user.id, { status: 'Active', groupId: '01890000-0000-7000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(await statusOf(user.id)).toBe('Pending');
  });

  it('refuses a groupId with a status other than Active', async () => {
    const user = await createUser(t, { status: 'Pending' });
    const response = await setStatus(user.id, { status: 'Declined', groupId: user.groupId });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'groupId' })]);
  });

  it('refuses an admin changing their own status with 409', async () => {
    const response = await setStatus(admin.id, { status: 'Deactivated' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SELF_CHANGE');
    expect(await statusOf(admin.id)).toBe('Active');
  });

  it('validates the body and the path', async () => {
    const user = await createUser(t, { status: 'Pending' });
    expect((await setStatus(user.id, { status: 'Approved' })).statusCode).toBe(400);
    expect((await setStatus(user.id, { status: 'Active', extra: 1 })).statusCode).toBe(400);
    expect((await setStatus(user.id, { status: 'Active', groupId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await setStatus('not-a-uuid', { status: 'Active' })).json().code).toBe('INVALID_ID');
    expect((await setStatus('01890000-0000-7000-8000-000000000000', { status: 'Active' })).statusCode).toBe(404);
  });

  it("revokes every session on deactivation: the user's access token and refresh cookie fail at once", async () => {
    const user = await createUser(t);
    const first = await login(t, user);
    const second = await login(t, user);
    expect((await t.api('GET', '/sessions', { token: first.accessToken })).statusCode).toBe(200);

    const response = await setStatus(user.id, { status: 'Deactivated' });
    expect(response.statusCode).toBe(200);

    for (const session of [first, second]) {
      const access = await t.api('GET', '/sessions', { token: session.accessToken });
      expect(access.statusCode).toBe(401);
      const refresh = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
      expect(refresh.statusCode).toBe(401);
      expect(refresh.json().code).toBe('INVALID_REFRESH');
    }
    const live = await t.db.query('SELECT id FROM sessions WHERE user_id = $1 AND revoked_date IS NULL', [user.id]);
    expect(live).toEqual([]);
    expect((await t.api('POST', '/session', { payload: { username: user.username, password: user.password } })).json().code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('records the change in the history with the admin as actor and the field diff, PermsVersion left out', async () => {
    const user = await createUser(t, { status: 'Pending', groupId: null });
    const group = await createGroup(t);
    await setStatus(user.id, { status: 'Active', groupId: group.id });
    const rows = await t.db.query('SELECT * FROM action_histories WHERE entity_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity_type: 'User',
      action: 'Updated',
      user_id: admin.id,
      user_nickname: admin.nickname,
      group_id: group.id,
      admin_only: true,
      changes: { status: { old: 'Pending', new: 'Active' }, groupId: { old: null, new: group.id } },
    });
    const [{ perms_version }] = await t.db.query('SELECT perms_version FROM users WHERE id = $1', [user.id]);
    expect(perms_version).toBe(2);
  });
});
