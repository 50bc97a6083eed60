import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql';
import {
  PUSH_KEEP_NEWEST,
  PUSH_LOCK_USER,
  PUSH_REMOVE_GONE,
  PUSH_SUBSCRIBE,
  PUSH_SUBSCRIPTIONS_OF_USER,
  PUSH_TARGETS_OF_USERS,
  PUSH_UNSUBSCRIBE,
} from './notifications.sql';

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

/**
 * The SQL of `push_subscriptions`: a subscription is listed and sent to only while its session is
 * live; a revoked session's rows go through the migration's trigger, a removed session's through
 * the foreign key.
 */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(private readonly sql: Sql) {}

  /** Subscribes (in the caller's unit of work); then keeps the newest `limit` of the user's live subscriptions. */
  async subscribe(
    values: { id: string; endpoint: string; userId: string; sessionId: string; p256dh: string; auth: string },
    limit: number,
  ): Promise<SubscriptionRow & { created: boolean }> {
    await this.sql.rows(PUSH_LOCK_USER, [values.userId]);
    const [row] = await this.sql.rows<SubscriptionRow & { created: boolean }>(PUSH_SUBSCRIBE, [
      values.id,
      values.endpoint,
      values.userId,
      values.sessionId,
      values.p256dh,
      values.auth,
    ]);
    await this.sql.rows(PUSH_KEEP_NEWEST, [values.userId, limit]);
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
