import { ModuleName } from '../../src/common/auth/auth-user';
import { newId } from '../../src/database/base.entity';
import { HistoryRepository } from '../../src/modules/history/history.repository';
import { canSee, Viewer } from '../../src/modules/history/visibility';
import { createTestApp, TestApp } from '../support/app';
import { createGroup, login, signedInUser } from '../support/factories';

describe('history visibility: one rule for GET /action-histories and live events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("hides a module's rows from members while their group lacks the module, and shows them again after", async () => {
    const group = await createGroup(t);
    const mia = await signedInUser(t, { groupId: group.id });
    const admin = await signedInUser(t, { role: 'Admin' });
    const place = (await t.api('POST', '/markers', { token: mia.accessToken, payload: { title: 'Lake', latitude: 1, longitude: 2 } })).json();
    const list = (await t.api('POST', '/notes', { token: mia.accessToken, payload: { title: 'Shopping' } })).json();
    const types = async (token: string) =>
      (await t.api('GET', '/action-histories?pageSize=100', { token })).json().items.map((row: { entityId: string }) => row.entityId);
    expect(await types(mia.accessToken)).toEqual(expect.arrayContaining([place.id, list.id]));

    const setModules = (modules: ModuleName[]) =>
      t.api('PUT', `/groups/${group.id}`, { token: admin.accessToken, payload: { name: group.name, currency: group.currency, modules } });
    expect((await setModules(['Notes', 'Budget'])).statusCode).toBe(200);
    const withoutMap = await login(t, mia);
    const seen = await types(withoutMap.accessToken);
    expect(seen).toContain(list.id);
    expect(seen).not.toContain(place.id);
    const filtered = await t.api('GET', `/action-histories?entityType=Marker&entityId=${place.id}`, { token: withoutMap.accessToken });
    expect(filtered.json()).toMatchObject({ items: [], totalItems: 0 });

    expect((await setModules(['Map', 'Notes', 'Budget'])).statusCode).toBe(200);
    expect(await types((await login(t, mia)).accessToken)).toContain(place.id);
  });

  it('says the same in SQL and in memory for every kind of row and viewer', async () => {
    const groupA = newId();
    const groupB = newId();
    const me = newId();
    const other = newId();
    const kinds = [
      { entityType: 'Marker', groupId: groupA, adminOnly: false, privateToUserId: null, entityId: newId() },
      { entityType: 'Transaction', groupId: groupA, adminOnly: false, privateToUserId: null, entityId: newId() },
      { entityType: 'Note', groupId: groupA, adminOnly: false, privateToUserId: null, entityId: newId() },
      { entityType: 'NoteItem', groupId: groupA, adminOnly: false, privateToUserId: me, entityId: newId() },
      { entityType: 'Note', groupId: groupA, adminOnly: false, privateToUserId: other, entityId: newId() },
      { entityType: 'Marker', groupId: groupB, adminOnly: false, privateToUserId: null, entityId: newId() },
      { entityType: 'User', groupId: groupA, adminOnly: true, privateToUserId: null, entityId: me },
      { entityType: 'User', groupId: groupB, adminOnly: true, privateToUserId: null, entityId: other },
      { entityType: 'Group', groupId: groupA, adminOnly: true, privateToUserId: null, entityId: groupA },
      { entityType: 'User', groupId: null, adminOnly: true, privateToUserId: null, entityId: newId() },
    ];
    const [last] = await t.db.query(`SELECT tx::text, seq::text FROM action_histories ORDER BY tx DESC, seq DESC LIMIT 1`);
    for (const row of kinds) {
      await t.db.query(
        `INSERT INTO action_histories (id, group_id, admin_only, private_to_user_id, entity_type, entity_id, action, user_id, user_nickname)
         VALUES ($1, $2, $3, $4, $5, $6, 'Updated', NULL, 'System')`,
        [newId(), row.groupId, row.adminOnly, row.privateToUserId, row.entityType, row.entityId],
      );
    }
    const repository = t.app.get(HistoryRepository);
    const viewers: Viewer[] = [];
    for (const role of ['User', 'Admin'] as const) {
      for (const modules of [['Map', 'Budget', 'Notes'], ['Notes'], []] as ModuleName[][]) viewers.push({ userId: me, groupId: groupA, role, modules });
    }
    for (const viewer of viewers) {
      const fromSql = (await repository.findAfter(viewer, last ?? { tx: '0', seq: '0' }, 1000)).map((row) => row.entityId).sort();
      const inMemory = kinds
        .filter((row) => canSee(viewer, row, { ownAccount: true }))
        .map((row) => row.entityId)
        .sort();
      expect({ viewer, rows: fromSql }).toEqual({ viewer, rows: inMemory });
    }
    // the rule itself, spelt out for a member with Notes only
    const member = viewers[1];
    expect(kinds.filter((row) => canSee(member, row, { ownAccount: true })).map((row) => row.entityType)).toEqual(['Note', 'NoteItem', 'User']);
    expect(kinds.filter((row) => canSee(member, row)).map((row) => row.entityType)).toEqual(['Note', 'NoteItem']);
  });
});
