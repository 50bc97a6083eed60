import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import { PUSH_REMOVE_GONE, PUSH_SUBSCRIBE, PUSH_SUBSCRIPTIONS_OF_USER, PUSH_TARGETS_OF_USERS, PUSH_UNSUBSCRIBE } from './notifications.sql';

export interface SubscriptionRow {
  id: string;
  endpoint: string;
  created_date: string;
}

export interface PushTarget {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The SQL of `push_subscriptions` (a sign-out removes a session's rows through the migration's trigger). */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(private readonly sql: Sql) {}

  async subscribe(values: { id: string; endpoint: string; userId: string; sessionId: string; p256dh: string; auth: string }): Promise<SubscriptionRow & { created: boolean }> {
    const [row] = await this.sql.rows<SubscriptionRow & { created: boolean }>(PUSH_SUBSCRIBE, [
      values.id,
      values.endpoint,
      values.userId,
      values.sessionId,
      values.p256dh,
      values.auth,
    ]);
    return row;
  }

  ofUser(userId: string): Promise<SubscriptionRow[]> {
    return this.sql.rows<SubscriptionRow>(PUSH_SUBSCRIPTIONS_OF_USER, [userId]);
  }

  /** The subscriptions of the users `userIds`. */
  targetsOf(userIds: string[]): Promise<PushTarget[]> {
    return userIds.length ? this.sql.rows<PushTarget>(PUSH_TARGETS_OF_USERS, [userIds]) : Promise.resolve([]);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return (await this.sql.rows(PUSH_UNSUBSCRIBE, [userId, id])).length > 0;
  }

  async removeGone(id: string): Promise<void> {
    await this.sql.rows(PUSH_REMOVE_GONE, [id]);
  }
}
