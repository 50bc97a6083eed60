import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, signedInUser } from '../support/factories';

describe('admin routes refuse a non-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 403 FORBIDDEN on every admin route and changes nothing', async () => {
    const caller = await signedInUser(t, { role: 'User' });
    const target = await createUser(t, { status: 'Pending' });
    const group = await createGroup(t);
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: unknown][] = [
      ['GET', '/users'],
      ['POST', '/users', { username: 'sneaky', email: 'sneaky@example.test', nickname: 'Sneaky', groupId: group.id }],
      ['PATCH', `/users/${target.id}/status`, { status: 'Active' }],
      ['PATCH', `/users/${target.id}/role`, { role: 'Admin' }],
      ['PATCH', `/users/${target.id}/group`, { groupId: group.id }],
      ['POST', `/users/${target.id}/password-link`],
      ['PATCH', `/users/${caller.id}/role`, { role: 'Admin' }],
      ['GET', '/groups'],
      ['POST', '/groups', { name: 'Sneaky', currency: 'EUR', modules: [] }],
      ['PUT', `/groups/${group.id}`, { name: 'Sneaky', currency: 'EUR', modules: [] }],
    ];
    for (const [method, path, payload] of routes) {
      const response = await t.api(method, path, { token: caller.accessToken, payload });
      expect([method, path, response.statusCode, response.json().code]).toEqual([method, path, 403, 'FORBIDDEN']);
    }
    const [user] = await t.db.query('SELECT status, role, group_id FROM users WHERE id = $1', [target.id]);
    expect(user).toEqual({ status: 'Pending', role: 'User', group_id: target.groupId });
    expect(await t.db.query("SELECT id FROM groups WHERE name = 'Sneaky'")).toEqual([]);
    expect(await t.db.query('SELECT id FROM action_histories')).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await t.api('GET', '/users')).statusCode).toBe(401);
    expect((await t.api('GET', '/groups')).statusCode).toBe(401);
  });
});
