import { Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Roles } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, Page } from '../../common/pagination/pagination';
import { UuidParam } from '../../common/validation/uuid-param';
import {
  AdminUserDto,
  ChangeGroupDto,
  ChangeRoleDto,
  ChangeStatusDto,
  CreatedUserDto,
  CreateUserDto,
  ListUsersQuery,
  SetPasswordLinkDto,
} from './dto/admin-user.dto';
import { UserInvitationsService } from './user-invitations.service';
import { UsersAdminService } from './users-admin.service';

const TOKENS_NOTE = " The user's PermsVersion is raised: their access tokens answer 401 TOKEN_STALE until refreshed.";

@ApiTags('Administration')
@ApiBearerAuth()
@Roles('Admin')
@ApiProblems(401, 403)
@Controller('users')
export class UsersAdminController {
  constructor(
    private readonly users: UsersAdminService,
    private readonly invitations: UserInvitationsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List all users (Admin)', description: 'Newest registrations first by default.' })
  @ApiPageResponse(AdminUserDto)
  @ApiProblems(400)
  list(@Query() query: ListUsersQuery): Promise<Page<AdminUserDto>> {
    return this.users.list(query);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a user (Admin)',
    description:
      'For members without mail or self-registration: the account is Active with a Confirmed email (the admin vouches for it) ' +
      'and has no usable password until its owner follows `setPasswordUrl` ({APP_URL}/reset-password?token=…; single use, 7 days), ' +
      "completed by POST /account/password/reset. The link is also mailed, in `locale` (default: the administrator's own language); " +
      'later mails follow it too until the member chooses a language. Taken username or email: 409 USERNAME_TAKEN / EMAIL_TAKEN; unknown group: 404; ' +
      'unknown language: 400 LOCALE_UNSUPPORTED.',
  })
  @ApiCreatedResponse({ type: CreatedUserDto })
  @ApiProblems(400, 404, 409)
  create(@CurrentUser() actor: AuthUser, @Body() body: CreateUserDto): Promise<CreatedUserDto> {
    return this.invitations.create(body, actor.userId);
  }

  @Post(':userId/password-link')
  @ApiOperation({
    summary: 'Make a new set-password link for a user (Admin)',
    description:
      'A new single-use 7-day `setPasswordUrl` ({APP_URL}/reset-password?token=…), for a member whose link got lost or expired; ' +
      'every earlier unused link of the user (set-password or forgotten-password) stops working (400 INVALID_TOKEN). The link is also mailed. ' +
      'Allowed for a user who has a password too: it is a reset, and their password stays until the link is used. Unknown user: 404.',
  })
  @ApiCreatedResponse({ type: SetPasswordLinkDto })
  @ApiProblems(400, 404)
  newPasswordLink(@UuidParam('userId') userId: string): Promise<SetPasswordLinkDto> {
    return this.invitations.newLink(userId);
  }

  @Patch(':userId/status')
  @ApiOperation({
    summary: "Change a user's registration status (Admin)",
    description:
      'Moves: Pending→Active, Pending→Declined, Active→Deactivated, Deactivated→Active, Declined→Active; any other is 409 INVALID_TRANSITION. ' +
      'Activation needs a group (`groupId` here, or the one the user has), else 409 GROUP_REQUIRED. Deactivation revokes every session at once. ' +
      'An admin cannot change their own status (409 SELF_CHANGE). Approval and decline notify the user by email.' +
      TOKENS_NOTE,
  })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiProblems(400, 404, 409)
  changeStatus(@CurrentUser() actor: AuthUser, @UuidParam('userId') userId: string, @Body() body: ChangeStatusDto): Promise<AdminUserDto> {
    return this.users.changeStatus(actor, userId, body);
  }

  @Patch(':userId/role')
  @ApiOperation({ summary: "Change a user's role (Admin)", description: 'An admin cannot change their own role (409 SELF_CHANGE).' + TOKENS_NOTE })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiProblems(400, 404, 409)
  changeRole(@CurrentUser() actor: AuthUser, @UuidParam('userId') userId: string, @Body() body: ChangeRoleDto): Promise<AdminUserDto> {
    return this.users.changeRole(actor, userId, body);
  }

  @Patch(':userId/group')
  @ApiOperation({ summary: 'Move a user to another group (Admin)', description: 'An unknown group is 404.' + TOKENS_NOTE })
  @ApiOkResponse({ type: AdminUserDto })
  @ApiProblems(400, 404)
  changeGroup(@UuidParam('userId') userId: string, @Body() body: ChangeGroupDto): Promise<AdminUserDto> {
    return this.users.changeGroup(userId, body);
  }
}
