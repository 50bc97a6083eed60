import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, Roles, SessionOnly } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { UuidParam } from '../../../common/validation/uuid-param';
import { AccessTokensService } from './access-tokens.service';
import { PersonalAccessTokenDto, CreatePersonalAccessTokenDto, CreatedPersonalAccessTokenDto } from './dto/access-token.dto';

const USE =
  'Use: `Authorization: Bearer hearth_pat_…` on the API (scopes `read`, `write`), ' +
  'or as the password of CalDAV’s HTTP Basic sign-in with the username (scope `dav`). ' +
  'A token never opens administration, the account, its sessions or its tokens (403 TOKEN_SCOPE), ' +
  'and stops at once when ended, expired, or when its person is ' +
  'deactivated or leaves the group (401). Wrong tokens count towards a per-IP limit (RATE_LIMIT_TOKEN_FAILURES_PER_IP): 429 RATE_LIMITED.';

@ApiTags('Access tokens')
@ApiBearerAuth()
@SessionOnly()
@ApiProblems(401, 403)
@Controller('account/tokens')
export class AccessTokensController {
  constructor(private readonly tokens: AccessTokensService) {}

  @Post()
  @ApiOperation({ summary: 'Make an access token for a script, a phone or Home Assistant', description: `The token is in this answer only. ${USE}` })
  @ApiCreatedResponse({ type: CreatedPersonalAccessTokenDto })
  @ApiProblems(400)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreatePersonalAccessTokenDto): Promise<CreatedPersonalAccessTokenDto> {
    return this.tokens.create(user, dto);
  }

  @Get()
  @ApiOperation({ summary: 'My access tokens, newest first (never the tokens themselves)' })
  @ApiOkResponse({ type: [PersonalAccessTokenDto] })
  list(@CurrentUser() user: AuthUser): Promise<PersonalAccessTokenDto[]> {
    return this.tokens.list(user.userId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @ApiOperation({ summary: 'End one of my access tokens at once' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('tokenId') tokenId: string): Promise<void> {
    await this.tokens.remove(user.userId, tokenId);
  }
}

@ApiTags('Administration')
@ApiBearerAuth()
@Roles('Admin')
@ApiProblems(401, 403)
@Controller('users/:userId/tokens')
export class UserAccessTokensController {
  constructor(private readonly tokens: AccessTokensService) {}

  @Get()
  @ApiOperation({ summary: 'A user’s access tokens (Admin)', description: 'Unknown user: 404.' })
  @ApiOkResponse({ type: [PersonalAccessTokenDto] })
  @ApiProblems(400, 404)
  list(@UuidParam('userId') userId: string): Promise<PersonalAccessTokenDto[]> {
    return this.tokens.listOfUser(userId);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'End every access token of a user at once (Admin)', description: 'Unknown user: 404.' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async removeAll(@UuidParam('userId') userId: string): Promise<void> {
    await this.tokens.removeAllOfUser(userId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @ApiOperation({ summary: 'End one access token of a user at once (Admin)', description: 'Unknown user or token: 404.' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@UuidParam('userId') userId: string, @UuidParam('tokenId') tokenId: string): Promise<void> {
    await this.tokens.remove(userId, tokenId);
  }
}
