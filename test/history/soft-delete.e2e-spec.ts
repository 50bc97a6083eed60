import { Column, DataSource, DeleteDateColumn, Entity } from 'typeorm';
import { TimestampedEntity, newId } from '../../src/database/base.entity';
import { databaseUrl } from '../../src/database/admin';
import { dataSourceOptions } from '../../src/database/data-source';
import { runAs } from '../../src/common/http/request-context.module';
import { Audited } from '../../src/modules/history/audited';
import type { EntityType } from '../../src/modules/history/entity-types';
import { ActionHistory } from '../../src/modules/history/entities/action-history.entity';
import { HistorySubscriber, UnauditedWriteError } from '../../src/modules/history/history.subscriber';
import { createTestApp, TestApp } from '../support/app';

/**
 * No soft-deletable entity exists yet on this branch (markers bring the first), so the Deleted /
 * Restored path is exercised on a probe entity with its own table, through a data source wired
 * exactly as the application's (same naming strategy, the real subscriber).
 */
@Entity('audit_probes')
// a probe kind outside the published list, on purpose: it never reaches a client
@Audited('AuditProbe' as EntityType, { secret: ['token'] })
class AuditProbe extends TimestampedEntity {
  @Column({ type: 'uuid' }) groupId: string;
  @Column({ type: 'varchar', length: 50 }) title: string;
  @Column({ type: 'varchar', length: 64, nullable: true }) token: string | null;
  @DeleteDateColumn({ type: 'timestamptz' }) deletedDate: Date | null;
}

describe('soft delete and restore of an audited entity', () => {
  let t: TestApp;
  let probes: DataSource;
  const groupId = newId();
  const actor = { userId: newId(), nickname: 'Prober' };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.query(`CREATE TABLE audit_probes (
      id uuid PRIMARY KEY, created_date timestamptz NOT NULL DEFAULT now(), updated_date timestamptz NOT NULL DEFAULT now(),
      group_id uuid NOT NULL, title varchar(50) NOT NULL, token varchar(64), deleted_date timestamptz)`);
    probes = new DataSource({ ...dataSourceOptions(databaseUrl(t.databaseName)), entities: [AuditProbe, ActionHistory], migrations: [] } as any);
    await probes.initialize();
    new HistorySubscriber(probes);
  });
  afterAll(async () => {
    await probes?.destroy();
    await t.close();
  });

  const historyOf = (id: string) => t.db.query('SELECT action, changes, user_id, group_id FROM action_histories WHERE entity_id = $1 ORDER BY id', [id]);

  it('writes Created, Updated, Deleted, Restored and Deleted rows with the actor', async () => {
    const repository = probes.getRepository(AuditProbe);
    const probe = await runAs(actor, () => repository.save(repository.create({ groupId, title: 'first', token: 'secret-value' })));
    await runAs(actor, async () => {
      probe.title = 'second';
      await repository.save(probe);
      await repository.softRemove(probe);
      await repository.recover(probe);
    });
    await repository.remove(await repository.findOneByOrFail({ id: probe.id }));

    const rows = await historyOf(probe.id);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['Created', 'Updated', 'Deleted', 'Restored', 'Deleted']);
    expect(rows[0].changes).toEqual({ groupId: { old: null, new: groupId }, title: { old: null, new: 'first' }, token: { old: null, new: '[redacted]' } });
    expect(rows[1].changes).toEqual({ title: { old: 'first', new: 'second' } });
    expect(rows.slice(0, 4).every((r: { user_id: string; group_id: string }) => r.user_id === actor.userId && r.group_id === groupId)).toBe(true);
    expect(rows[4].user_id).toBeNull();
    expect(JSON.stringify(rows)).not.toContain('secret-value');
  });

  it('refuses bulk soft delete and restore', async () => {
    const repository = probes.getRepository(AuditProbe);
    await expect(repository.softDelete({ groupId })).rejects.toThrow(UnauditedWriteError);
    await expect(repository.restore({ groupId })).rejects.toThrow(UnauditedWriteError);
  });
});
