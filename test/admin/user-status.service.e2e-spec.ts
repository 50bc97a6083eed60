import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../../src/config/app-config';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import { AccountNotifier } from '../../src/modules/admin/account-notifier.port';
import { STATUS_MOVES } from '../../domain/user-status';
import { UsersAdminService } from '../../src/modules/admin/users-admin.service';
import { SessionsRepository } from '../../src/modules/auth/sessions.repository';
import { SessionsService } from '../../src/modules/auth/sessions.service';
import { GroupsRepository } from '../../src/modules/groups/groups.repository';
import type { UserStatus } from '../../src/modules/users/entities/user.entity';
import { UsersRepository } from '../../src/modules/users/users.repository';
import { createServiceDb, ServiceDb } from '../support/service-db';

/** What the service told the user, as the mail adapter would send it (in the same transaction). */
class RecordingNotifier extends AccountNotifier {
  readonly sent: string[] = [];
  async registrationApproved(userId: string, _manager: EntityManager) {
    this.sent.push(`approved ${userId}`);
  }
  async registrationDeclined(userId: string, _manager: EntityManager) {
    this.sent.push(`declined ${userId}`);
  }
  async remindPendingApprovals() {}
}

const STATUSES: UserStatus[] = ['Pending', 'Active', 'Declined', 'Deactivated'];

/** Service level: the user status machine on the real repositories, every pair of statuses. */
describe('UsersAdminService status machine', () => {
  let s: ServiceDb;
  let sql: Sql;
  let service: UsersAdminService;
  let notifier: RecordingNotifier;
  const admin = { userId: randomUUID() } as any;
  const groupId = randomUUID();

  beforeAll(async () => {
    s = await createServiceDb();
    sql = new Sql({ databaseUrl: s.url, databaseTimeoutMs: 5000 } as AppConfig);
    notifier = new RecordingNotifier();
    service = new UsersAdminService(
      new UnitOfWork(s.db),
      new UsersRepository(s.db, sql),
      new GroupsRepository(sql),
      new SessionsService(new SessionsRepository(sql)),
      notifier,
    );
    await s.db.query(`INSERT INTO groups (id, name, currency) VALUES ($1, 'Family', 'EUR')`, [groupId]);
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    await s.close();
  });

  async function userWith(status: UserStatus, withGroup = true): Promise<string> {
    const id = randomUUID();
    await s.db.query(
      `INSERT INTO users (id, username, email, password_hash, nickname, role, status, email_status, group_id)
       VALUES ($1, $2, $3, 'x', 'N', 'User', $4, 'Confirmed', $5)`,
      [id, `u${id.slice(0, 8)}`, `${id}@example.org`, status, withGroup ? groupId : null],
    );
    return id;
  }
  const row = async (id: string) => (await s.db.query('SELECT status, perms_version FROM users WHERE id = $1', [id]))[0];

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const allowed = STATUS_MOVES[from].includes(to);
      it(`${allowed ? 'moves' : 'refuses'} ${from} → ${to}`, async () => {
        const id = await userWith(from);
        const before = await row(id);
        const change = service.changeStatus(admin, id, { status: to });
        if (!allowed) {
          await expect(change).rejects.toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
          expect(await row(id)).toEqual(before);
          return;
        }
        expect((await change).status).toBe(to);
        expect(await row(id)).toEqual({ status: to, perms_version: before.perms_version + 1 });
      });
    }
  }

  it('needs a group to activate, takes the one given, and notifies the approval', async () => {
    const id = await userWith('Pending', false);
    await expect(service.changeStatus(admin, id, { status: 'Active' })).rejects.toMatchObject({ status: 409, code: 'GROUP_REQUIRED' });
    await expect(service.changeStatus(admin, id, { status: 'Active', groupId: randomUUID() })).rejects.toMatchObject({ status: 404 });
    expect((await service.changeStatus(admin, id, { status: 'Active', groupId })).groupId).toBe(groupId);
    expect(notifier.sent).toContain(`approved ${id}`);
  });

  it("revokes every session on deactivation, and refuses a change of one's own status", async () => {
    const id = await userWith('Active');
    await s.db.query(`INSERT INTO sessions (id, user_id, token_hash, expires_date) VALUES ($1, $2, $3, now() + interval '1 day')`, [
      randomUUID(),
      id,
      randomUUID(),
    ]);
    await service.changeStatus(admin, id, { status: 'Deactivated' });
    expect(await sql.rows('SELECT id FROM sessions WHERE user_id = $1 AND revoked_date IS NULL', [id])).toEqual([]);
    await expect(service.changeStatus({ userId: id } as any, id, { status: 'Active' })).rejects.toMatchObject({ status: 409, code: 'SELF_CHANGE' });
  });

  it('answers 404 for an unknown user', async () => {
    await expect(service.changeStatus(admin, randomUUID(), { status: 'Active' })).rejects.toMatchObject({ status: 404 });
  });
});
