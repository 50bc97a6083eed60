import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, SessionOnly } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { RevokeAllQuery, SessionDto } from './dto/session.dto';
import { SessionsService } from './sessions.service';

@ApiTags('Sessions')
@ApiBearerAuth()
@ApiProblems(401)
@SessionOnly()
@Controller('sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOperation({ summary: 'List my active sessions, most recently used first' })
  @ApiOkResponse({ type: [SessionDto] })
  list(@CurrentUser() user: AuthUser): Promise<SessionDto[]> {
    return this.sessions.list(user.userId, user.sessionId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke one of my sessions' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async revoke(@CurrentUser() user: AuthUser, @UuidParam('tokenId') tokenId: string): Promise<void> {
    await this.sessions.revoke(user.userId, tokenId);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke all my sessions; keepCurrent=true keeps the calling one' })
  @ApiNoContentResponse()
  @ApiProblems(400)
  async revokeAll(@CurrentUser() user: AuthUser, @Query() query: RevokeAllQuery): Promise<void> {
    await this.sessions.revokeAll(user.userId, query.keepCurrent ? user.sessionId : undefined);
  }
}
