import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { UnitOfWork } from '../../database/transaction';
import { JobsService } from '../../infrastructure/jobs/jobs.service';
import { ChannelTarget, NOTIFICATION_CHANNELS_TOKEN, NotificationChannel, OutgoingNotification, RetryLater, SendOutcome } from './channels/channel';
import { REMINDER_SOURCES, type ReminderSource } from './reminder-source';
import { ChannelTestResultDto, NotificationTestResultDto } from './dto/notification-settings.dto';
import { notificationBody, notificationTitle } from './notification-text';
import { DeliveryRecord, DeliveryRow, NotificationsRepository } from './notifications.repository';
import { Recipient, RecipientDirectory } from './recipients';

export const DELIVER_QUEUE = 'notification-deliver';
/** Delivery jobs fetched and sent side by side by one instance. */
const DELIVER_BATCH = 50;
/** A test may be sent once a minute. */
const TEST_COOLDOWN_SECONDS = 60;
/** The test endpoint answers by the send deadline and this much more, whatever the targets do (10 s + 2 s by default). */
const TEST_ANSWER_MARGIN_MS = 2000;

interface DeliverJob {
  id: string;
  /** 0: the first delivery; n: the n-th after a snooze */
  attempt: number;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * How a notification reaches its recipient: the inbox (the notification row itself, written when
 * it falls due) and every outward channel the recipient chose (Web Push to each device, mail, the
 * webhook). A delivery is a pg-boss job per notification; each channel and target is sent to once
 * and recorded (notification_deliveries), so a retried job (a push service's 429 or 5xx, an SMTP
 * outage) sends only what has not gone yet.
 */
@Injectable()
export class Notifier {
  private readonly logger = new Logger('Notifier');

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly notifications: NotificationsRepository,
    private readonly recipients: RecipientDirectory,
    @Inject(NOTIFICATION_CHANNELS_TOKEN) private readonly channels: NotificationChannel[],
    @Inject(REMINDER_SOURCES) private readonly sources: ReminderSource[],
  ) {
    jobs.registerBatch<DeliverJob>(DELIVER_QUEUE, (batch) => this.deliverMany(batch), {
      retryLimit: 6,
      retryDelaySeconds: 15,
      batchSize: DELIVER_BATCH,
    });
  }

  /** Queues the outward delivery of notifications, in the caller's transaction. */
  async enqueue(manager: EntityManager, ids: string[], attempt = 0, startAfter?: Date): Promise<void> {
    await this.jobs.sendMany(
      DELIVER_QUEUE,
      ids.map((id) => ({ data: { id, attempt }, startAfter })),
      { manager },
    );
  }

  /** Sends one notification through every channel its recipient chose; throws when something is to be tried again. */
  async deliver(id: string, attempt = 0): Promise<void> {
    const [failure] = await this.deliverMany([{ id, attempt }]);
    if (failure) throw failure;
  }

  /**
   * Delivers a batch of notifications (one pg-boss fetch): everything they need is read with a few
   * statements for the whole batch, the sends run side by side, and each is recorded as soon as it
   * went. Answers, per job, the failure to try again later (null: done).
   */
  async deliverMany(jobs: DeliverJob[]): Promise<(RetryLater | null)[]> {
    const snoozed = jobs.filter((job) => job.attempt > 0).map((job) => job.id);
    if (snoozed.length) await this.unitOfWork.run((manager) => this.notifications.wakeSnoozed(manager, snoozed));
    const rows = await this.notifications.forDeliveryMany(jobs.map((job) => job.id));
    const batch = this.recipients.batch();
    await batch.load(
      [...rows.values()].map((row) => row.recipient_id),
      [],
    );
    const work = jobs
      .map((job) => ({ job, row: rows.get(job.id), recipient: batch.user(rows.get(job.id)?.recipient_id ?? '') }))
      .filter((w): w is { job: DeliverJob; row: DeliveryRow; recipient: Recipient } => !!w.row && w.row.outward && !!w.recipient);
    const results = await this.sendBatch(
      work.map(({ job, row, recipient }) => ({ row, recipient, attempt: job.attempt })),
      false,
    );
    const failures = new Map<string, RetryLater>();
    work.forEach(({ job }, index) => {
      const retry = results[index].filter((r) => r.retry);
      if (retry.length) failures.set(job.id, new RetryLater(retry.map((r) => `${r.channel}: ${r.detail}`).join('; ')));
    });
    return jobs.map((job) => failures.get(job.id) ?? null);
  }

  /**
   * A test through every chosen channel, at once (quiet hours do not apply): the inbox item first,
   * then each channel's outcome, within the send deadline and 2 s whatever the targets do.
   */
  async sendTest(user: AuthUser): Promise<NotificationTestResultDto> {
    const recipient = await this.recipients.one(user.userId);
    if (!recipient) throw AppError.notFound('User');
    const id = await this.unitOfWork.run(async (manager) => {
      const wait = await this.notifications.secondsUntilNextTest(user.userId, TEST_COOLDOWN_SECONDS);
      if (wait > 0) throw AppError.tooManyRequests('RATE_LIMITED', 'A test was sent less than a minute ago', wait);
      const notificationId = newId();
      await this.notifications.insertMany(manager, [
        {
          id: notificationId,
          recipientId: recipient.id,
          groupId: recipient.groupId,
          kind: 'Test',
          occurrenceKey: `test:${notificationId}`,
          title: notificationTitle(recipient.locale, 'notifications.test.title', {}, []),
          body: notificationBody(recipient.locale, 'notifications.test.body', { nickname: recipient.nickname }, ['nickname']),
          entityType: null,
          entityId: null,
          dueDate: new Date(),
          late: false,
          outward: true,
        },
      ]);
      return notificationId;
    });
    const row = (await this.notifications.forDeliveryMany([id])).get(id)!;
    const [results] = await this.sendBatch([{ row, recipient, attempt: 0 }], true, this.config.notifications.sendTimeoutMs + TEST_ANSWER_MARGIN_MS);
    const byChannel = new Map<string, ChannelTestResultDto>();
    for (const result of results) {
      const known = byChannel.get(result.channel);
      // a channel with several targets (devices) is ok when one of them took it
      if (!known)
        byChannel.set(result.channel, { channel: result.channel as ChannelTestResultDto['channel'], ok: result.ok, detail: result.ok ? null : result.detail });
      else if (result.ok && !known.ok) byChannel.set(result.channel, { ...known, ok: true, detail: null });
    }
    return { channels: [{ channel: 'inbox', ok: true, detail: null }, ...byChannel.values()] };
  }

  private outgoing(row: DeliveryRow): OutgoingNotification {
    // the feature whose notification it is says where it is shown; the inbox otherwise
    const path = this.sources.reduce<string | null>((found, source) => found ?? source.link(row.entity_type, row.entity_id), null) ?? '/notifications';
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      entityType: row.entity_type,
      entityId: row.entity_id,
      late: row.late,
      createdDate: row.created_date,
      url: `${this.config.appUrl}${path}`,
    };
  }

  /**
   * Sends each item through its recipient's channels: items, and each recipient's targets (every
   * device, the mail, the webhook), side by side. Each delivery is recorded as soon as its target
   * took it (or gave it up for good), so a job that is retried or expires meanwhile never sends
   * again what went out. With `answerWithinMs`, a target that has not finished by then is answered
   * as not reached (its send goes on and is recorded when it ends).
   */
  private async sendBatch(
    items: { row: DeliveryRow; recipient: Recipient; attempt: number }[],
    reportEmpty: boolean,
    answerWithinMs?: number,
  ): Promise<SendResult[][]> {
    if (!items.length) return [];
    const sent = await this.notifications.sentTargetsMany(items.map(({ row, attempt }) => ({ id: row.id, attempt })));
    const recipients = [...new Map(items.map(({ recipient }) => [recipient.id, recipient])).values()];
    const targets = await Promise.all(this.channels.map((channel) => channel.targets(recipients)));
    let timer: NodeJS.Timeout | undefined;
    const late =
      answerWithinMs === undefined
        ? null
        : new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), answerWithinMs);
          });
    try {
      return await Promise.all(
        items.map(async ({ row, recipient, attempt }) => {
          const notification = this.outgoing(row);
          const done = sent.get(`${row.id}:${attempt}`) ?? new Set<string>();
          const results: SendResult[] = [];
          const sends: { channel: string; result: Promise<SendResult> }[] = [];
          for (const [index, channel] of this.channels.entries()) {
            const mine = targets[index].get(recipient.id) ?? [];
            if (!mine.length && reportEmpty && channel.name === 'push' && recipient.settings.push) {
              results.push({ channel: channel.name, ok: false, retry: false, detail: 'no device is subscribed' });
            }
            for (const target of mine) {
              const targetHash = hash(target.key);
              if (done.has(`${channel.name}:${targetHash}`)) continue;
              const send = this.sendOne(channel, target, notification, recipient, { notificationId: row.id, attempt, channel: channel.name, targetHash });
              const notReached: SendResult = { channel: channel.name, ok: false, retry: true, detail: `no answer within ${answerWithinMs} ms` };
              sends.push({ channel: channel.name, result: late ? Promise.race([send, late.then(() => notReached)]) : send });
            }
          }
          const settled = await Promise.allSettled(sends.map(({ result }) => result));
          settled.forEach((outcome, index) =>
            results.push(
              outcome.status === 'fulfilled' ? outcome.value : { channel: sends[index].channel, ok: false, retry: true, detail: String(outcome.reason) },
            ),
          );
          return results;
        }),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends to one target and records the delivery at once (its own small write) when it is done with for good. */
  private async sendOne(
    channel: NotificationChannel,
    target: ChannelTarget,
    notification: OutgoingNotification,
    recipient: Recipient,
    record: Omit<DeliveryRecord, 'outcome'>,
  ): Promise<SendResult> {
    let outcome: SendOutcome;
    try {
      outcome = await channel.send(target, notification, recipient);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (!(error instanceof RetryLater))
        this.logger.error({ err: error, notificationId: record.notificationId, channel: channel.name }, 'notification channel failed');
      return { channel: channel.name, ok: false, retry: true, detail };
    }
    try {
      await this.notifications.recordDeliveries([{ ...record, outcome }]);
    } catch (error) {
      // sent but not recorded: a retry may send it again, which is better than failing the others
      this.logger.error({ err: error, notificationId: record.notificationId, channel: channel.name }, 'notification delivery not recorded');
    }
    return { channel: channel.name, ok: outcome === 'sent', retry: false, detail: outcomeDetail(outcome) };
  }
}

interface SendResult {
  channel: string;
  ok: boolean;
  retry: boolean;
  detail: string;
}

function outcomeDetail(outcome: SendOutcome): string {
  switch (outcome) {
    case 'sent':
      return 'sent';
    case 'gone':
      return 'the device is no longer subscribed (removed)';
    case 'refused':
      return 'refused (the address is not allowed, or the receiver refused it)';
  }
}
