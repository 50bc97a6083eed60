import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { AppConfig } from '../../config/app-config';
import { newId } from '../../database/base.entity';
import { UnitOfWork } from '../../database/transaction';
import { CreatePushSubscriptionDto, PushSubscriptionDto } from './dto/push-subscription.dto';
import { PushSubscriptionsRepository, SubscriptionRow } from './push-subscriptions.repository';

/** Devices a member may have subscribed; subscribing one more removes the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const toDto = (row: SubscriptionRow): PushSubscriptionDto => ({ id: row.id, endpoint: row.endpoint, createdDate: row.created_date });

/** The caller's devices subscribed to Web Push (at most 10), each linked to the session that subscribed it and ending with it. */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  publicKey(): string {
    return this.config.notifications.vapid.publicKey;
  }

  async subscribe(user: AuthUser, dto: CreatePushSubscriptionDto): Promise<{ value: PushSubscriptionDto; created: boolean }> {
    if (!dto.endpoint.startsWith('https://') && !this.config.notifications.allowPrivateUrls) {
      throw AppError.invalidField('endpoint', 'endpoint must be an https URL');
    }
    const values = { id: newId(), endpoint: dto.endpoint, userId: user.userId, sessionId: user.sessionId, p256dh: dto.keys.p256dh, auth: dto.keys.auth };
    const row = await this.unitOfWork.run(() => this.subscriptions.subscribe(values, MAX_PUSH_SUBSCRIPTIONS));
    return { value: toDto(row), created: row.created };
  }

  async list(user: AuthUser): Promise<PushSubscriptionDto[]> {
    return (await this.subscriptions.ofUser(user.userId)).map(toDto);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    if (!(await this.subscriptions.remove(user.userId, id))) throw AppError.notFound('Push subscription');
  }
}
