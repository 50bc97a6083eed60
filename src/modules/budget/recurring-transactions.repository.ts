import type { Original } from '../../../domain/currency';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { findInGroup, lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import { newId } from '../../database/base.entity';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import { recordCreated } from '../history/history-rows';
import { RecurringTransaction } from './entities/recurring-transaction.entity';
import { Transaction } from './entities/transaction.entity';
import { StoredSplit, withoutLeavers } from './sharing/sharing';
import {
  BILL_REMINDERS_ACTIVE_OF_SETTER,
  BILL_REMINDERS_LOCK,
  BILL_REMINDERS_OF_MEMBER,
  BILL_REMINDERS_MOVE,
  RECURRING_DUE_IDS,
  RECURRING_INSERT_OCCURRENCE,
  RECURRING_LOCK_DUE,
  RECURRING_MOVE_CURSOR,
} from './recurring-transactions.sql';

/** A due rule as the scheduler reads it, with whether either of its accounts is disabled. */
export interface DueRuleRow {
  id: string;
  group_id: string;
  type: Transaction['type'];
  amount: string;
  description: string | null;
  category_id: string | null;
  budget_account_id: string;
  target_budget_account_id: string | null;
  frequency: 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
  interval: number;
  start_date: string;
  end_date: string | null;
  next_occurrence: string;
  /** the rule's split (jsonb), copied to each occurrence (less the members who left, when it is the group's default) */
  split: StoredSplit | null;
  /** the rule's amount as paid in another currency (jsonb), copied to each occurrence */
  original: Original | null;
  account_disabled: boolean;
  /** the split was taken from the group's default */
  split_is_default: boolean;
  /** with split_is_default: the split's members who are current members of the group (else null) */
  current_members: string[] | null;
}

/**
 * The SQL of `recurring_transactions` (rules through save()/remove(); the scheduler's statements in
 * recurring-transactions.sql.ts, in its unit of work), and the scheduler's insert of their occurrences.
 */
@Injectable()
export class RecurringTransactionsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The current unit of work's transaction (outside one, the pool): reads and writes join the caller's unit of work. */
  private get manager(): EntityManager {
    return this.unitOfWork.manager;
  }

  findAllOfGroup(tenant: Tenant): Promise<RecurringTransaction[]> {
    return this.dataSource.getRepository(RecurringTransaction).find({ where: { groupId: tenant.groupId }, order: { id: 'ASC' } });
  }

  findInGroup(tenant: Tenant, id: string): Promise<RecurringTransaction> {
    return findInGroup(this.dataSource.getRepository(RecurringTransaction), tenant, id, 'Recurring transaction');
  }

  lockInGroup(tenant: Tenant, id: string): Promise<RecurringTransaction> {
    return lockInGroup(this.manager, RecurringTransaction, tenant, id, 'Recurring transaction');
  }

  /** The rules using the account on either side, locked. */
  lockAllOfAccount(budgetAccountId: string): Promise<RecurringTransaction[]> {
    return this.manager.find(RecurringTransaction, {
      where: [{ budgetAccountId }, { targetBudgetAccountId: budgetAccountId }],
      lock: { mode: 'pessimistic_write' },
    });
  }

  create(values: Partial<RecurringTransaction>): Promise<RecurringTransaction> {
    const manager = this.manager;
    return manager.save(manager.create(RecurringTransaction, values));
  }

  save(recurring: RecurringTransaction): Promise<RecurringTransaction> {
    return this.manager.save(recurring);
  }

  async remove(recurring: RecurringTransaction): Promise<void> {
    await this.manager.remove(recurring);
  }

  async removeAll(rules: RecurringTransaction[]): Promise<void> {
    if (rules.length) await this.manager.remove(rules);
  }

  /** Ids of the enabled rules (of every group) with an occurrence due on or before `today`. */
  async findDueIds(today: string): Promise<string[]> {
    const rows = await this.sql.rows<{ id: string }>(RECURRING_DUE_IDS, [today]);
    return rows.map((row) => row.id);
  }

  /** The rule if still due, locked (in the unit of work); undefined when not due or another instance holds it (SKIP LOCKED). */
  async lockDue(id: string, today: string): Promise<DueRuleRow | undefined> {
    const [row] = await this.sql.rows<DueRuleRow>(RECURRING_LOCK_DUE, [id, today]);
    return row;
  }

  /** Moves the scheduler's cursor: derived bookkeeping the history ignores, so a plain UPDATE on purpose. */
  async moveCursor(id: string, next: string | null): Promise<void> {
    await this.sql.rows(RECURRING_MOVE_CURSOR, [id, next]);
  }

  /**
   * Inserts the rule's occurrence on `date` unless it exists (the unique index on
   * (recurring_transaction_id, occurrence_date) with ON CONFLICT DO NOTHING), and writes its
   * "Created" history row (actor System) in the same transaction when it was inserted: save()
   * cannot express ON CONFLICT, so this is the one insert of a transaction that is not a save().
   */
  async insertOccurrence(manager: EntityManager, rule: DueRuleRow, date: string): Promise<boolean> {
    const split = rule.split && rule.current_members ? withoutLeavers(rule.split, rule.amount, new Set(rule.current_members)) : rule.split;
    const occurrence = Object.assign(new Transaction(), {
      id: newId(),
      groupId: rule.group_id,
      type: rule.type,
      amount: rule.amount,
      date,
      description: rule.description,
      categoryId: rule.category_id,
      budgetAccountId: rule.budget_account_id,
      targetBudgetAccountId: rule.target_budget_account_id,
      recurringTransactionId: rule.id,
      occurrenceDate: date,
      createdById: null,
      split,
      original: rule.original,
    });
    const inserted = await this.sql.rows(RECURRING_INSERT_OCCURRENCE, [
      occurrence.id,
      occurrence.groupId,
      occurrence.type,
      occurrence.amount,
      date,
      occurrence.description,
      occurrence.categoryId,
      occurrence.budgetAccountId,
      occurrence.targetBudgetAccountId,
      occurrence.recurringTransactionId,
      occurrence.split,
      occurrence.original,
    ]);
    if (inserted.length === 0) return false;
    await recordCreated(manager, Transaction, occurrence);
    return true;
  }

  /** The bill reminders `ids`, locked, for the notification scheduler (in its unit of work). */
  lockBillReminders(ids: string[]): Promise<BillReminderRow[]> {
    return this.sql.rows<BillReminderRow>(BILL_REMINDERS_LOCK, [ids]);
  }

  /** How many bill reminders with occurrences left `userId` set. */
  async activeBillRemindersSetBy(userId: string): Promise<number> {
    const [row] = await this.sql.rows<{ n: number }>(BILL_REMINDERS_ACTIVE_OF_SETTER, [userId]);
    return row.n;
  }

  /** The ids of the bill reminders of `userId`'s group (each reminds every member). */
  async billRemindersOfMember(userId: string): Promise<string[]> {
    return (await this.sql.rows<{ id: string }>(BILL_REMINDERS_OF_MEMBER, [userId])).map((row) => row.id);
  }

  async moveBillReminders(cursors: { id: string; next: string | null }[]): Promise<void> {
    if (!cursors.length) return;
    await this.sql.rows(BILL_REMINDERS_MOVE, [cursors.map((c) => c.id), cursors.map((c) => c.next)]);
  }
}

export interface BillReminderRow {
  id: string;
  group_id: string;
  type: 'Expense' | 'Income' | 'Transfer';
  amount: string;
  description: string | null;
  frequency: 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
  interval: number;
  start_date: string;
  end_date: string | null;
  is_enabled: boolean;
  remind_days_before: number;
  remind_next_occurrence: string | null;
  remind_set_date: Date;
  /** paid in another currency: the amount as paid, its code and rate (docs/budget.md, "Other currencies") */
  original: Original | null;
  currency: string;
  category_name: string | null;
  module_on: boolean;
}
