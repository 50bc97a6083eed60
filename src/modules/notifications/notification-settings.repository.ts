import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { SETTINGS_OF_USERS, SETTINGS_UPSERT, SettingsRow } from './notifications.sql';

/** A user's notification settings; a user who never saved them has the defaults. */
export interface UserNotificationSettings {
  timeZone: string;
  quietFrom: string | null;
  quietTo: string | null;
  push: boolean;
  email: boolean;
  webhookUrl: string | null;
  /** trip messages of shopping lists ("Anna is shopping (REWE) — anything else?") */
  shoppingTrips: boolean;
}

export const DEFAULT_SETTINGS: UserNotificationSettings = {
  timeZone: 'UTC',
  quietFrom: null,
  quietTo: null,
  push: false,
  email: false,
  webhookUrl: null,
  shoppingTrips: true,
};

/** The SQL of `notification_settings`. */
@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly sql: Sql) {}

  /** The settings of every user in `userIds` (defaults for those without a row). */
  async ofUsers(userIds: string[]): Promise<Map<string, UserNotificationSettings>> {
    const found = new Map<string, UserNotificationSettings>();
    if (!userIds.length) return found;
    for (const row of await this.sql.rows<SettingsRow>(SETTINGS_OF_USERS, [userIds])) {
      found.set(row.user_id, {
        timeZone: row.time_zone,
        quietFrom: row.quiet_from,
        quietTo: row.quiet_to,
        push: row.push,
        email: row.email,
        webhookUrl: row.webhook_url,
        shoppingTrips: row.shopping_trips,
      });
    }
    for (const id of userIds) if (!found.has(id)) found.set(id, DEFAULT_SETTINGS);
    return found;
  }

  async save(userId: string, s: UserNotificationSettings): Promise<void> {
    await this.sql.rows(SETTINGS_UPSERT, [userId, s.timeZone, s.quietFrom, s.quietTo, s.push, s.email, s.webhookUrl, s.shoppingTrips]);
  }
}
