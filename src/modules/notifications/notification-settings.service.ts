import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { NotificationSettingsDto, UpdateNotificationSettingsDto } from './dto/notification-settings.dto';
import { NotificationSettingsRepository, UserNotificationSettings } from './notification-settings.repository';
import { AddressRefused, assertPublicUrl } from './outbound';
import { ReminderScheduler } from './reminder-scheduler.service';

const toDto = (s: UserNotificationSettings): NotificationSettingsDto => ({
  timeZone: s.timeZone,
  quietHours: s.quietFrom && s.quietTo ? { from: s.quietFrom, to: s.quietTo } : null,
  inbox: true,
  push: s.push,
  email: s.email,
  webhookUrl: s.webhookUrl,
  shoppingTrips: s.shoppingTrips,
});

const invalidUrl = (message: string) => AppError.invalidField('webhookUrl', message);

/** A user's notification settings (defaults until first saved). */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: NotificationSettingsRepository,
    private readonly scheduler: ReminderScheduler,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<NotificationSettingsDto> {
    return toDto(await this.of(userId));
  }

  /** The user's settings (for their time zone); defaults when never saved. */
  async of(userId: string): Promise<UserNotificationSettings> {
    return (await this.settings.ofUsers([userId])).get(userId)!;
  }

  async update(userId: string, dto: UpdateNotificationSettingsDto): Promise<NotificationSettingsDto> {
    const current = await this.of(userId);
    const next: UserNotificationSettings = {
      timeZone: dto.timeZone ?? current.timeZone,
      quietFrom: dto.quietHours === undefined ? current.quietFrom : (dto.quietHours?.from ?? null),
      quietTo: dto.quietHours === undefined ? current.quietTo : (dto.quietHours?.to ?? null),
      push: dto.push ?? current.push,
      email: dto.email ?? current.email,
      webhookUrl: dto.webhookUrl === undefined ? current.webhookUrl : dto.webhookUrl?.trim() || null,
      shoppingTrips: dto.shoppingTrips ?? current.shoppingTrips,
    };
    if (next.webhookUrl && next.webhookUrl !== current.webhookUrl) await this.checkWebhook(next.webhookUrl);
    await this.settings.save(userId, next);
    const timing = next.timeZone !== current.timeZone || next.quietFrom !== current.quietFrom || next.quietTo !== current.quietTo;
    if (timing) await this.scheduler.recheckFor(userId, this.clock.now());
    return toDto(next);
  }

  /** http(s), and (unless private URLs are allowed) resolving, and only to public addresses. */
  private async checkWebhook(value: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw invalidUrl('webhookUrl must be an http or https URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidUrl('webhookUrl must be an http or https URL');
    if (url.username || url.password) throw invalidUrl('webhookUrl must not carry a user name or password (put a token in the path or query)');
    try {
      await assertPublicUrl(url, this.config.notifications.allowPrivateUrls);
    } catch (error) {
      if (!(error instanceof AddressRefused)) throw error;
      // one answer whether the host resolves to a refused address or does not resolve at all, so the
      // check tells nothing about which names exist inside a private network
      throw AppError.badRequest('WEBHOOK_URL_NOT_ALLOWED', 'webhookUrl does not resolve to a public address, the only kind webhooks may reach on this server', [
        { field: 'webhookUrl', message: 'webhookUrl must name a host that resolves to a public address' },
      ]);
    }
  }
}
