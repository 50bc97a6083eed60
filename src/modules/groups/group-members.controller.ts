import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { GroupMemberDto } from './dto/group.dto';
import { GroupsService } from './groups.service';

@ApiTags('Group')
@ApiBearerAuth()
@ApiProblems(401)
@Controller('group')
export class GroupMembersController {
  constructor(private readonly groups: GroupsService) {}

  @Get('members')
  @ApiOperation({ summary: "List the Active members of the caller's group, by nickname" })
  @ApiOkResponse({ type: [GroupMemberDto] })
  members(@CurrentUser() user: AuthUser): Promise<GroupMemberDto[]> {
    return this.groups.members(user);
  }
}
