import { newId } from '../../src/database/base.entity';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, createUser, LoggedIn, signedInUser, TestUser } from '../support/factories';

interface Row {
  id: string;
  groupId: string | null;
  entityType?: string;
  entityId?: string;
  action?: string;
  userId?: string | null;
  nickname?: string;
  createdDate: string;
  adminOnly?: boolean;
  privateTo?: string | null;
  changes?: Record<string, unknown>;
}

/** Writes history rows directly (the read side under test); the write side is tested through real changes. */
async function insertRow(t: TestApp, row: Omit<Row, 'id'>): Promise<Row> {
  const full = { id: newId(), ...row };
  await t.db.query(
    `INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, changes, user_id, user_nickname, created_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      full.id,
      full.groupId,
      full.adminOnly ?? false,
      full.privateTo ?? null,
      full.entityType ?? 'Marker',
      full.entityId ?? newId(),
      full.action ?? 'Created',
      JSON.stringify(full.changes ?? {}),
      full.userId ?? null,
      full.nickname ?? 'System',
      full.createdDate,
    ],
  );
  return full;
}

describe('GET /action-histories', () => {
  let t: TestApp;
  let groupA: string;
  let alice: TestUser & LoggedIn;
  let bob: TestUser & LoggedIn;
  let adminA: TestUser & LoggedIn;
  let bobB: TestUser & LoggedIn;
  const marker = newId();
  const rowsA: Row[] = [];
  const ids = (response: { json(): any }) => response.json().items.map((item: { id: string }) => item.id);
  const get = (token: string, query = '') => t.api('GET', `/action-histories${query}`, { token });

  beforeAll(async () => {
    t = await createTestApp();
    groupA = (await createGroup(t)).id;
    const groupB = (await createGroup(t)).id;
    alice = await signedInUser(t, { groupId: groupA });
    bob = await signedInUser(t, { groupId: groupA });
    adminA = await signedInUser(t, { groupId: groupA, role: 'Admin' });
    bobB = await signedInUser(t, { groupId: groupB });

    // group A: a marker's life by alice and bob, a transaction by the system, over three days
    const a = (row: Omit<Row, 'id' | 'groupId'>) => insertRow(t, { groupId: groupA, ...row }).then((r) => rowsA.push(r));
    await a({
      entityId: marker,
      action: 'Created',
      userId: alice.id,
      nickname: alice.nickname,
      createdDate: '2026-03-01T09:00:00Z',
      changes: { title: { old: null, new: 'Cafe' } },
    });
    await a({
      entityId: marker,
      action: 'Updated',
      userId: bob.id,
      nickname: bob.nickname,
      createdDate: '2026-03-02T10:00:00Z',
      changes: { title: { old: 'Cafe', new: 'Café' } },
    });
    await a({ entityType: 'Transaction', action: 'Created', userId: null, nickname: 'System', createdDate: '2026-03-02T23:59:59Z' });
    await a({ entityId: marker, action: 'Deleted', userId: alice.id, nickname: alice.nickname, createdDate: '2026-03-03T08:00:00Z' });
    await a({ entityId: marker, action: 'Restored', userId: alice.id, nickname: alice.nickname, createdDate: '2026-03-03T08:00:01Z' });
    // rows some members of group A must not see
    await insertRow(t, {
      groupId: groupA,
      entityType: 'Note',
      privateTo: alice.id,
      userId: alice.id,
      nickname: alice.nickname,
      createdDate: '2026-03-04T00:00:00Z',
    });
    await insertRow(t, {
      groupId: groupA,
      entityType: 'User',
      entityId: bob.id,
      action: 'Updated',
      adminOnly: true,
      userId: adminA.id,
      nickname: adminA.nickname,
      createdDate: '2026-03-05T00:00:00Z',
    });
    // group B, and a row of no group (a registration before approval)
    await insertRow(t, { groupId: groupB, entityId: marker, userId: bobB.id, nickname: bobB.nickname, createdDate: '2026-03-02T12:00:00Z' });
    await insertRow(t, { groupId: groupB, entityType: 'User', adminOnly: true, createdDate: '2026-03-02T12:00:00Z' });
    await insertRow(t, { groupId: null, entityType: 'User', adminOnly: true, createdDate: '2026-03-02T12:00:00Z' });
  });
  afterAll(() => t.close());

  it("shows a member their group's rows, newest first, in the contract shape", async () => {
    const response = await get(bob.accessToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, totalItems: 5, totalPages: 1 });
    expect(ids(response)).toEqual(rowsA.map((r) => r.id).reverse());
    expect(body.items[3]).toEqual({
      id: rowsA[1].id,
      entityType: 'Marker',
      entityId: marker,
      action: 'Updated',
      changes: { title: { old: 'Cafe', new: 'Café' } },
      userId: bob.id,
      userNickname: bob.nickname,
      entityLabel: null,
      parentLabel: null,
      createdDate: '2026-03-02T10:00:00.000Z',
    });
  });

  it('never shows a member of group A a row of group B, nor the reverse', async () => {
    const seenByA = ids(await get(alice.accessToken));
    const seenByB = ids(await get(bobB.accessToken));
    expect(seenByB).toHaveLength(1);
    expect(seenByA).not.toContain(seenByB[0]);
    expect((await get(bobB.accessToken, `?entityId=${marker}`)).json().items.every((i: { userId: string }) => i.userId === bobB.id)).toBe(true);
  });

  it("shows a private entity's rows to its owner only", async () => {
    const mine = (await get(alice.accessToken, '?entityType=Note')).json();
    expect(mine.totalItems).toBe(1);
    expect((await get(bob.accessToken, '?entityType=Note')).json().totalItems).toBe(0);
    expect((await get(adminA.accessToken, '?entityType=Note')).json().totalItems).toBe(0);
  });

  it('shows user and group administration rows to admins only, for every group they administer', async () => {
    expect((await get(bob.accessToken, '?entityType=User')).json().totalItems).toBe(0);
    expect((await get(bobB.accessToken, '?entityType=User')).json().totalItems).toBe(0);
    const admin = (await get(adminA.accessToken, '?entityType=User')).json();
    // group A's, group B's and the one of no group yet (a registration before approval)
    expect(admin.totalItems).toBe(3);
    expect(admin.items.find((i: { entityId: string }) => i.entityId === bob.id)).toMatchObject({ userId: adminA.id });
    // module rows stay per group: the admin sees group A's five, not group B's marker row
    expect((await get(adminA.accessToken)).json().totalItems).toBe(8);
    expect((await get(adminA.accessToken, `?entityId=${marker}`)).json().totalItems).toBe(4);
  });

  it('filters by entityType, entityId, userId and action, alone and combined', async () => {
    expect((await get(bob.accessToken, '?entityType=Transaction')).json().totalItems).toBe(1);
    expect((await get(bob.accessToken, `?entityId=${marker}`)).json().totalItems).toBe(4);
    expect(ids(await get(bob.accessToken, `?userId=${bob.id}`))).toEqual([rowsA[1].id]);
    expect(ids(await get(bob.accessToken, '?action=Restored'))).toEqual([rowsA[4].id]);
    expect(ids(await get(bob.accessToken, `?entityId=${marker}&userId=${alice.id}&action=Created`))).toEqual([rowsA[0].id]);
    expect((await get(bob.accessToken, `?entityId=${newId()}`)).json()).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
  });

  it('filters by time: a date bound covers its whole day, an instant is exact', async () => {
    expect(ids(await get(bob.accessToken, '?from=2026-03-02&to=2026-03-02'))).toEqual([rowsA[2].id, rowsA[1].id]);
    expect(ids(await get(bob.accessToken, '?from=2026-03-03'))).toEqual([rowsA[4].id, rowsA[3].id]);
    expect(ids(await get(bob.accessToken, '?to=2026-03-01'))).toEqual([rowsA[0].id]);
    expect(ids(await get(bob.accessToken, `?from=${encodeURIComponent('2026-03-02T10:00:00Z')}&to=${encodeURIComponent('2026-03-03T08:00:00Z')}`))).toEqual([
      rowsA[3].id,
      rowsA[2].id,
      rowsA[1].id,
    ]);
    expect(ids(await get(bob.accessToken, `?to=${encodeURIComponent('2026-03-03T09:00:00+02:00')}&from=2026-03-02`))).toEqual([rowsA[2].id, rowsA[1].id]);
  });

  it('paginates newest first without overlap', async () => {
    const first = (await get(bob.accessToken, '?pageSize=2')).json();
    const second = (await get(bob.accessToken, '?pageSize=2&page=2')).json();
    const third = (await get(bob.accessToken, '?pageSize=2&page=3')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3 });
    expect([...first.items, ...second.items, ...third.items].map((i: { id: string }) => i.id)).toEqual(rowsA.map((r) => r.id).reverse());
  });

  it.each([
    '?action=Edited',
    '?entityId=123',
    '?userId=abc',
    '?entityType=Mark%20er',
    '?from=yesterday',
    '?from=2026-02-30',
    '?to=2026-03-01T10:00:00',
    '?from=2026-03-05&to=2026-03-01',
    '?pageSize=0',
    '?groupId=' + '01890000-0000-7000-8000-000000000000',
  ])('refuses %s with 400', async (query) => {
    const response = await get(bob.accessToken, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('needs a token', async () => {
    expect((await t.api('GET', '/action-histories')).statusCode).toBe(401);
  });

  it('shows an admin the rows of their own administration, with actor and diff', async () => {
    const member = await createUser(t, { groupId: groupA });
    await t.api('PATCH', `/users/${member.id}/role`, { token: adminA.accessToken, payload: { role: 'Admin' } });
    const response = await get(adminA.accessToken, `?entityId=${member.id}`);
    expect(response.json().items).toEqual([
      expect.objectContaining({
        entityType: 'User',
        action: 'Updated',
        changes: { role: { old: 'User', new: 'Admin' } },
        userId: adminA.id,
        userNickname: adminA.nickname,
      }),
    ]);
    expect((await get(alice.accessToken, `?entityId=${member.id}`)).json().totalItems).toBe(0);
  });
});
