import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { toPage, Page } from '../../common/pagination/pagination';
import { UnitOfWork } from '../../database/transaction';
import { RateLimitStore } from '../../infrastructure/rate-limit/rate-limit.store';
import { NotificationDto, NotificationListQuery, UnreadCountDto } from './dto/notification.dto';
import { NotificationsRepository } from './notifications.repository';
import { inboxItem } from './notifications.sql';
import { Notifier } from './notifier.service';

/** How often one notification may be snoozed. */
export const MAX_SNOOZES = 3;
/** Snoozes one person may make an hour (all their notifications together). */
export const SNOOZES_PER_HOUR = 30;
const SNOOZE_WINDOW_MS = 3_600_000;

/** The caller's inbox: every notification they received, read or not, and snoozing one. */
@Injectable()
export class InboxService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly notifications: NotificationsRepository,
    private readonly notifier: Notifier,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async list(user: AuthUser, query: NotificationListQuery): Promise<Page<NotificationDto> & { unreadCount: number }> {
    const unreadOnly = query.unread === true;
    const [rows, counts] = await Promise.all([
      this.notifications.page(user.userId, unreadOnly, query.pageSize, (query.page - 1) * query.pageSize),
      this.notifications.counts(user.userId, unreadOnly),
    ]);
    return { ...toPage(rows.map(inboxItem) as NotificationDto[], counts.total, query), unreadCount: counts.unread };
  }

  /** Read or unread again (through save(): the recipient's other tabs hear of it). */
  async setRead(user: AuthUser, id: string, read: boolean): Promise<NotificationDto> {
    await this.unitOfWork.run(async (manager) => {
      const notification = await this.notifications.lockOfRecipient(manager, user.userId, id);
      if (!notification) throw AppError.notFound('Notification');
      if (read === (notification.readAt !== null)) return;
      notification.readAt = read ? new Date() : null;
      await this.notifications.save(manager, notification);
    });
    return this.item(user, id);
  }

  /**
   * Marks it read and delivers it again through its channels after `minutes`: at most
   * MAX_SNOOZES times a notification (then 409 SNOOZE_LIMIT), and at most SNOOZES_PER_HOUR a
   * person (then 429 with Retry-After; counted like the service's other limits, shared through
   * Redis when REDIS_URL is set).
   */
  async snooze(user: AuthUser, id: string, minutes: number): Promise<NotificationDto> {
    await this.unitOfWork.run(async (manager) => {
      const notification = await this.notifications.lockOfRecipient(manager, user.userId, id);
      if (!notification) throw AppError.notFound('Notification');
      if (notification.snoozeCount >= MAX_SNOOZES) {
        throw AppError.overLimit(HttpStatus.CONFLICT, 'SNOOZE_LIMIT', `A notification can be snoozed at most ${MAX_SNOOZES} times`, 'snoozes', MAX_SNOOZES);
      }
      const { count, resetSeconds } = await this.rateLimits.hit(`notify-snooze:${user.userId}`, SNOOZE_WINDOW_MS);
      if (count > SNOOZES_PER_HOUR)
        throw AppError.tooManyRequests('RATE_LIMITED', `At most ${SNOOZES_PER_HOUR} snoozes an hour; try again later`, resetSeconds);
      const until = new Date(Date.now() + minutes * 60_000);
      notification.readAt ??= new Date();
      notification.snoozedUntil = until;
      notification.outward = true;
      notification.snoozeCount += 1;
      await this.notifications.save(manager, notification);
      await this.notifier.enqueue(manager, [id], notification.snoozeCount, until);
    });
    return this.item(user, id);
  }

  /** Every unread notification read, in one statement with their history rows (the other tabs hear of each). */
  async readAll(user: AuthUser): Promise<UnreadCountDto> {
    await this.unitOfWork.run((manager) => this.notifications.readAll(manager, user.userId, new Date()));
    return { unreadCount: 0 };
  }

  private async item(user: AuthUser, id: string): Promise<NotificationDto> {
    const row = await this.notifications.item(user.userId, id);
    if (!row) throw AppError.notFound('Notification');
    return inboxItem(row) as NotificationDto;
  }
}
