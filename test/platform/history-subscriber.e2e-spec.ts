import { Group } from '../../src/modules/groups/entities/group.entity';
import { UnauditedWriteError } from '../../src/modules/history/history.subscriber';
import { createTestApp, TestApp } from '../support/app';

describe('history subscriber', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one row per entity when an array is saved, in the same transaction', async () => {
    const repo = t.db.getRepository(Group);
    const groups = Array.from({ length: 8 }, (_, i) => repo.create({ name: `Batch ${i}`, currency: 'EUR', modules: ['Notes'] }));
    await t.db.transaction((manager) => manager.getRepository(Group).save(groups));
    const rows = await t.db.query(`SELECT entity_id, action, user_nickname FROM action_histories WHERE entity_type = 'Group' AND entity_id = ANY($1::uuid[])`, [
      groups.map((g) => g.id),
    ]);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r: { action: string }) => r.action))).toEqual(new Set(['Created']));
    expect(rows[0].user_nickname).toBe('System');
  });

  it('rolls the history row back with the change', async () => {
    const repo = t.db.getRepository(Group);
    const group = repo.create({ name: 'Doomed', currency: 'EUR', modules: [] });
    await expect(
      t.db.transaction(async (manager) => {
        await manager.getRepository(Group).save(group);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM action_histories WHERE entity_id = $1`, [group.id]);
    expect(count).toBe(0);
    expect(await repo.findOneBy({ id: group.id })).toBeNull();
  });

  it('refuses bulk writes that would bypass the trail', async () => {
    const repo = t.db.getRepository(Group);
    const group = await repo.save(repo.create({ name: 'Bulk target', currency: 'EUR', modules: [] }));
    await expect(repo.update(group.id, { name: 'Renamed' })).rejects.toBeInstanceOf(UnauditedWriteError);
    await expect(repo.delete(group.id)).rejects.toBeInstanceOf(UnauditedWriteError);
    expect((await repo.findOneByOrFail({ id: group.id })).name).toBe('Bulk target');
  });
});
