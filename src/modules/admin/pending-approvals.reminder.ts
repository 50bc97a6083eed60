import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { UsersRepository } from '../users/users.repository';
import { AccountNotifier, AdminRecipient, PendingRegistration } from './account-notifier.port';

export const PENDING_REMINDER_QUEUE = 'admin-pending-approvals-reminder';
/** Daily, 08:00 UTC. */
export const PENDING_REMINDER_CRON = '0 8 * * *';

/**
 * The daily housekeeping task (docs/running.md) that reminds every Active admin of registrations
 * awaiting approval: Pending users whose email is confirmed (unconfirmed ones cannot sign in yet
 * and are handled by the unconfirmed-registration expiry). Its own queue, so a failure here never
 * stops the other daily tasks; pg-boss retries it.
 */
@Injectable()
export class PendingApprovalsReminder implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly users: UsersRepository,
    private readonly notifier: AccountNotifier,
  ) {}

  onModuleInit(): void {
    this.jobs.register(PENDING_REMINDER_QUEUE, () => this.run().then(() => undefined), { retryLimit: 3, retryDelaySeconds: 300 });
    this.jobs.schedule(PENDING_REMINDER_QUEUE, PENDING_REMINDER_CRON);
  }

  /** Sends the reminder when something awaits approval; returns how many registrations do. */
  async run(): Promise<number> {
    const pending: PendingRegistration[] = await this.users.findAwaitingApproval();
    if (pending.length === 0) return 0;
    const admins: AdminRecipient[] = await this.users.findActiveAdmins();
    if (admins.length > 0) await this.notifier.remindPendingApprovals(admins, pending);
    return pending.length;
  }
}
