import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, decodeClaims, login, LoggedIn, signedInUser, TestUser } from '../support/factories';

/** A token whose claims are stale answers 401 TOKEN_STALE; a refresh gives the current claims. */
describe('PermsVersion: role, group and group-settings changes invalidate access tokens', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
  });
  afterAll(() => t.close());

  const probe = (token: string) => t.api('GET', '/group/members', { token });
  const refresh = async (session: LoggedIn) => {
    const response = await t.api('POST', '/session/refresh', { cookies: { refresh_token: session.refreshToken } });
    expect(response.statusCode).toBe(200);
    return decodeClaims(response.json().accessToken);
  };
  const expectStale = async (token: string) => {
    const response = await probe(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_STALE');
  };

  it('after a role change: the old token is stale, a refresh carries the new Role', async () => {
    const user = await createUser(t);
    const session = await login(t, user);
    expect(session.claims).toMatchObject({ Role: 'User', PermsVersion: 1 });

    const response = await t.api('PATCH', `/users/${user.id}/role`, { token: admin.accessToken, payload: { role: 'Admin' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, role: 'Admin' });

    await expectStale(session.accessToken);
    const claims = await refresh(session);
    expect(claims).toMatchObject({ Role: 'Admin', PermsVersion: 2 });
  });

  it('leaves tokens valid when the role does not change', async () => {
    const user = await createUser(t);
    const session = await login(t, user);
    const response = await t.api('PATCH', `/users/${user.id}/role`, { token: admin.accessToken, payload: { role: 'User' } });
    expect(response.statusCode).toBe(200);
    expect((await probe(session.accessToken)).statusCode).toBe(200);
  });

  it("after a group's modules change: every member's old token is stale, a refresh carries the new Modules", async () => {
    const group = await createGroup(t, { modules: ['Map'], currency: 'EUR' });
    const first = await login(t, await createUser(t, { groupId: group.id }));
    const second = await login(t, await createUser(t, { groupId: group.id }));
    const outsider = await login(t, await createUser(t));

    const response = await t.api('PUT', `/groups/${group.id}`, {
      token: admin.accessToken,
      payload: { name: group.name, currency: 'EUR', modules: ['Notes', 'Map'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ modules: ['Map', 'Notes'], memberCount: 2 });

    await expectStale(first.accessToken);
    await expectStale(second.accessToken);
    expect((await probe(outsider.accessToken)).statusCode).toBe(200);
    expect(await refresh(first)).toMatchObject({ Modules: ['Map', 'Notes'], Currency: 'EUR', PermsVersion: 2 });
  });

  it("after a group's currency change: a refresh carries the new Currency", async () => {
    const group = await createGroup(t, { currency: 'EUR' });
    const session = await login(t, await createUser(t, { groupId: group.id }));
    await t.api('PUT', `/groups/${group.id}`, {
      token: admin.accessToken,
      payload: { name: group.name, currency: 'chf', modules: group.modules },
    });
    await expectStale(session.accessToken);
    expect((await refresh(session)).Currency).toBe('CHF');
  });

  it('leaves tokens valid when only the group name changes', async () => {
    const group = await createGroup(t);
    const session = await login(t, await createUser(t, { groupId: group.id }));
    const response = await t.api('PUT', `/groups/${group.id}`, {
      token: admin.accessToken,
      payload: { name: `${group.name} renamed`, currency: group.currency, modules: [...group.modules].reverse() },
    });
    expect(response.statusCode).toBe(200);
    expect((await probe(session.accessToken)).statusCode).toBe(200);
  });

  it('after a group change: the old token is stale, a refresh carries the new GroupId and its settings', async () => {
    const target = await createGroup(t, { currency: 'USD', modules: ['Budget'] });
    const user = await createUser(t);
    const session = await login(t, user);
    const response = await t.api('PATCH', `/users/${user.id}/group`, { token: admin.accessToken, payload: { groupId: target.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json().groupId).toBe(target.id);

    await expectStale(session.accessToken);
    expect(await refresh(session)).toMatchObject({ GroupId: target.id, Currency: 'USD', Modules: ['Budget'], PermsVersion: 2 });
  });

  it('answers 404 for a group change to an unknown group, and refuses a self role change', async () => {
    const user = await createUser(t);
    const unknown = await t.api('PATCH', `/users/${user.id}/group`, {
      token: admin.accessToken,
      payload: { groupId: '01890000-0000-7000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const self = await t.api('PATCH', `/users/${admin.id}/role`, { token: admin.accessToken, payload: { role: 'User' } });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('SELF_CHANGE');
    expect((await probe(admin.accessToken)).statusCode).toBe(200);
  });

  it('raises PermsVersion on every status change (deactivate, reactivate)', async () => {
    const user = await createUser(t);
    await t.api('PATCH', `/users/${user.id}/status`, { token: admin.accessToken, payload: { status: 'Deactivated' } });
    await t.api('PATCH', `/users/${user.id}/status`, { token: admin.accessToken, payload: { status: 'Active' } });
    const session = await login(t, user);
    expect(session.claims.PermsVersion).toBe(3);
  });
});
