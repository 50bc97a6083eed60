import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, LoggedIn, signedInUser, TestUser } from '../support/factories';

describe('GET /users (Admin)', () => {
  let t: TestApp;
  let admin: TestUser & LoggedIn;
  let group: { id: string };
  let users: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t, { role: 'Admin' });
    group = await createGroup(t);
    users = [];
    for (const [name, status] of [
      ['mallory_pending', 'Pending'],
      ['oscar_pending', 'Pending'],
      ['peggy_declined', 'Declined'],
      ['trent%active', 'Active'],
      ['victor_deactivated', 'Deactivated'],
    ] as const) {
      users.push(await createUser(t, { username: name, nickname: name.slice(0, 10), status, groupId: group.id }));
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => t.api('GET', `/users${query}`, { token: admin.accessToken });

  it('lists every user with the contract fields, paginated', async () => {
    const response = await list('?pageSize=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, totalItems: 6, totalPages: 3 });
    expect(body.items).toHaveLength(2);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['createdDate', 'email', 'emailStatus', 'groupId', 'id', 'nickname', 'role', 'status', 'username'].sort(),
    );
    const all = [];
    for (let page = 1; page <= 3; page++) all.push(...(await list(`?pageSize=2&page=${page}`)).json().items);
    expect(new Set(all.map((u) => u.id)).size).toBe(6);
    expect((await list('?page=4&pageSize=2')).json().items).toEqual([]);
  });

  it('filters by status', async () => {
    const body = (await list('?status=Pending&sort=username')).json();
    expect(body.items.map((u: { username: string }) => u.username)).toEqual(['mallory_pending', 'oscar_pending']);
    expect(body.totalItems).toBe(2);
  });

  it('searches username, nickname and email case-insensitively, taking % and _ literally', async () => {
    expect((await list('?search=PEGGY')).json().items.map((u: { id: string }) => u.id)).toEqual([users[2].id]);
    expect((await list(`?search=${encodeURIComponent('%')}`)).json().items.map((u: { id: string }) => u.id)).toEqual([users[3].id]);
    expect((await list('?search=example.test&status=Deactivated')).json().totalItems).toBe(1);
  });

  it('filters by group and sorts', async () => {
    const body = (await list(`?groupId=${group.id}&sort=-username`)).json();
    expect(body.items.map((u: { username: string }) => u.username)).toEqual([
      'victor_deactivated',
      'trent%active',
      'peggy_declined',
      'oscar_pending',
      'mallory_pending',
    ]);
  });

  it.each(['?status=Approved', '?pageSize=101', '?page=0', '?sort=password', '?groupId=x', '?unknown=1'])('refuses %s with 400', async (query) => {
    expect((await list(query)).statusCode).toBe(400);
  });
});
