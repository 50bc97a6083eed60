import { OriginalResolver } from '../../src/modules/budget/rates/original-resolver';
import { RatesService } from '../../src/modules/budget/rates/rates.service';
import { Clock } from '../../src/common/clock/clock';
import { NotificationsRepository } from '../../src/modules/notifications/notifications.repository';
import type { Notifier } from '../../src/modules/notifications/notifier.service';
import type { RecipientDirectory } from '../../src/modules/notifications/recipients';
import { ReminderScheduler } from '../../src/modules/notifications/reminder-scheduler.service';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../src/config/app-config';
import { Sql } from '../../src/database/sql';
import { UnitOfWork } from '../../src/database/transaction';
import type { JobsService } from '../../src/infrastructure/jobs/jobs.service';
import { BudgetAccountsRepository } from '../../src/modules/budget/budget-accounts.repository';
import { CategoriesRepository } from '../../src/modules/budget/categories.repository';
import { RecurringScheduler } from '../../src/modules/budget/recurring-scheduler.service';
import { RecurringTransactionsRepository } from '../../src/modules/budget/recurring-transactions.repository';
import { RecurringTransactionsService } from '../../src/modules/budget/recurring-transactions.service';
import { TransactionRefsResolver } from '../../src/modules/budget/transaction-refs';
import { TransactionsRepository } from '../../src/modules/budget/transactions.repository';
import { createServiceDb, ServiceDb } from '../support/service-db';
import { SharingRepository } from '../../src/modules/budget/sharing/sharing.repository';
import { SplitResolver } from '../../src/modules/budget/sharing/split-resolver';
import { UsersRepository } from '../../src/modules/users/users.repository';

/** Service level: recurrence dates as the service and the scheduler make them, on the real repositories. */
describe('recurring transactions: dates', () => {
  let s: ServiceDb;
  let service: RecurringTransactionsService;
  let scheduler: RecurringScheduler;
  let sql: Sql;
  const user = { groupId: randomUUID(), userId: randomUUID() } as any;
  const categoryId = randomUUID();

  beforeAll(async () => {
    s = await createServiceDb();
    sql = new Sql({ databaseUrl: s.url, databaseTimeoutMs: 5000 } as AppConfig);
    const accounts = new BudgetAccountsRepository(s.db, sql, new UnitOfWork(s.db));
    const categories = new CategoriesRepository(s.db, sql, new UnitOfWork(s.db));
    const recurring = new RecurringTransactionsRepository(s.db, sql, new UnitOfWork(s.db));
    const unit = new UnitOfWork(s.db);
    const reminders = new ReminderScheduler({} as AppConfig, unit, new NotificationsRepository(sql), {} as RecipientDirectory, {} as Notifier, []);
    const splits = new SplitResolver(new SharingRepository(unit, sql), new UsersRepository(s.db, sql));
    service = new RecurringTransactionsService(
      unit,
      recurring,
      new TransactionsRepository(unit, sql),
      new TransactionRefsResolver(accounts, categories),
      reminders,
      splits,
      new Clock(),
      new OriginalResolver(new RatesService(sql, new Clock(), { exchangeRates: { url: '' } } as AppConfig, { register() {}, schedule() {} } as never)),
    );
    const noJobs = { register: () => undefined, schedule: () => undefined } as unknown as JobsService;
    scheduler = new RecurringScheduler(unit, recurring, noJobs);
    await s.db.query(`INSERT INTO groups (id, name, currency, modules) VALUES ($1, 'Family', 'EUR', '{Budget}')`, [user.groupId]);
    await s.db.query(
      `INSERT INTO users (id, username, email, password_hash, nickname, role, status, email_status, group_id)
       VALUES ($1, 'member', 'member@example.org', 'x', 'M', 'User', 'Active', 'Confirmed', $2)`,
      [user.userId, user.groupId],
    );
    await s.db.query(`INSERT INTO budget_accounts (id, group_id, name, is_default, is_disabled) VALUES ($1, $2, 'Main', true, false)`, [
      randomUUID(),
      user.groupId,
    ]);
    await s.db.query(`INSERT INTO categories (id, group_id, name, color, icon, sort_order) VALUES ($1, $2, 'Rent', '#112233', 'Home', 1)`, [
      categoryId,
      user.groupId,
    ]);
  });
  afterAll(async () => {
    await sql.onModuleDestroy();
    await s.close();
  });

  const made = async (id: string): Promise<string[]> =>
    (await s.db.query('SELECT occurrence_date::text AS d FROM transactions WHERE recurring_transaction_id = $1 ORDER BY 1', [id])).map(
      (r: { d: string }) => r.d,
    );

  it('clamps month ends from startDate, catches up, and resumes after the last made date when the schedule changes', async () => {
    const rule = await service.create(user, { type: 'Expense', amount: '10', categoryId, frequency: 'Monthly', startDate: '2025-01-31' } as any);
    expect(rule.nextOccurrence).toBe('2025-01-31');
    await scheduler.runDue(new Date('2025-04-15T12:00:00Z'));
    expect(await made(rule.id)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    expect((await service.get(user, rule.id)).nextOccurrence).toBe('2025-04-30');

    // every second month from 31 Jan: 31 Jan, 31 Mar, 31 May; made up to 31 Mar, so 31 May is next
    const changed = await service.update(user, rule.id, {
      type: 'Expense',
      amount: '10',
      categoryId,
      frequency: 'Monthly',
      interval: 2,
      startDate: '2025-01-31',
    } as any);
    expect(changed.nextOccurrence).toBe('2025-05-31');
    await scheduler.runDue(new Date('2025-08-01T00:00:00Z'));
    expect(await made(rule.id)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-05-31', '2025-07-31']);
  });

  it('ends: no occurrence after endDate, and the cursor becomes null', async () => {
    const rule = await service.create(user, {
      type: 'Expense',
      amount: '1',
      categoryId,
      frequency: 'Yearly',
      startDate: '2024-02-29',
      endDate: '2027-03-01',
    } as any);
    await scheduler.runDue(new Date('2030-01-01T00:00:00Z'));
    expect(await made(rule.id)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28']);
    expect((await service.get(user, rule.id)).nextOccurrence).toBeNull();
  });
});
