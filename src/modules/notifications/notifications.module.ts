import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { NOTIFICATION_CHANNELS_TOKEN } from './channels/channel';
import { EmailChannel } from './channels/email.channel';
import { PushChannel } from './channels/push.channel';
import { WebhookChannel } from './channels/webhook.channel';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { NotificationScheduleEntry } from './entities/notification-schedule.entity';
import { NotificationSettings } from './entities/notification-settings.entity';
import { Notification } from './entities/notification.entity';
import { PushSubscription } from './entities/push-subscription.entity';
import { InboxService } from './inbox.service';
import { InstantNotices } from './instant-notices';
import { NotificationRetention } from './notification-retention';
import { NotificationSettingsController } from './notification-settings.controller';
import { NotificationSettingsRepository } from './notification-settings.repository';
import { NotificationSettingsService } from './notification-settings.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { Notifier } from './notifier.service';
import { PushController } from './push.controller';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushSubscriptionsService } from './push-subscriptions.service';
import { RecipientDirectory } from './recipients';
import { ReminderScheduler } from './reminder-scheduler.service';

/**
 * Reminders and notifications (docs/notifications.md): the scheduler that features register their
 * reminders with, the notifier and its channels, the inbox, the settings and the push devices.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Notification, NotificationDelivery, NotificationScheduleEntry, NotificationSettings, PushSubscription]), UsersModule],
  controllers: [NotificationsController, NotificationSettingsController, PushController],
  providers: [
    NotificationsRepository,
    NotificationSettingsRepository,
    PushSubscriptionsRepository,
    RecipientDirectory,
    PushChannel,
    EmailChannel,
    WebhookChannel,
    {
      provide: NOTIFICATION_CHANNELS_TOKEN,
      useFactory: (push: PushChannel, email: EmailChannel, webhook: WebhookChannel) => [push, email, webhook],
      inject: [PushChannel, EmailChannel, WebhookChannel],
    },
    Notifier,
    ReminderScheduler,
    InboxService,
    NotificationSettingsService,
    PushSubscriptionsService,
    NotificationRetention,
    InstantNotices,
  ],
  exports: [ReminderScheduler, NotificationSettingsService, NotificationRetention, InstantNotices],
})
export class NotificationsModule {}
