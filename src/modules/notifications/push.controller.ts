import { Body, Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, SessionOnly } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreatePushSubscriptionDto, PushPublicKeyDto, PushSubscriptionDto } from './dto/push-subscription.dto';
import { PushSubscriptionsService } from './push-subscriptions.service';

@ApiTags('Notifications')
@ApiBearerAuth()
@ApiProblems(401)
@SessionOnly()
@Controller()
export class PushController {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @Get('push/public-key')
  @ApiOperation({ summary: "The installation's VAPID public key", description: 'Generated at the first start; the same on every instance.' })
  @ApiOkResponse({ type: PushPublicKeyDto })
  publicKey(): PushPublicKeyDto {
    return { publicKey: this.subscriptions.publicKey() };
  }

  @Post('push-subscriptions')
  @ApiOperation({
    summary: 'Subscribe this device to Web Push',
    description:
      "The body is the browser's `PushSubscription.toJSON()`. Linked to the caller's session, it ends with it (signed out, revoked, expired). " +
      'A member has at most 10: subscribing another removes the oldest. ' +
      'The same endpoint again answers 200 with the subscription (its keys and session updated).',
  })
  @ApiCreatedResponse({ type: PushSubscriptionDto })
  @ApiOkResponse({ type: PushSubscriptionDto, description: 'the endpoint was subscribed already' })
  @ApiProblems(400)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreatePushSubscriptionDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PushSubscriptionDto> {
    const { value, created } = await this.subscriptions.subscribe(user, dto);
    if (!created) reply.status(200);
    return value;
  }

  @Get('push-subscriptions')
  @ApiOperation({ summary: 'My push subscriptions (one per device)' })
  @ApiOkResponse({ type: [PushSubscriptionDto] })
  list(@CurrentUser() user: AuthUser): Promise<PushSubscriptionDto[]> {
    return this.subscriptions.list(user);
  }

  @Delete('push-subscriptions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Unsubscribe a device' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('id') id: string): Promise<void> {
    await this.subscriptions.remove(user, id);
  }
}
