import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { GroupBodyDto, GroupDto } from './dto/group.dto';
import { GroupsService } from './groups.service';

@ApiTags('Administration')
@ApiBearerAuth()
@Roles('Admin')
@ApiProblems(401, 403)
@Controller('groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @Get()
  @ApiOperation({ summary: 'List all groups (Admin), by name', description: '`memberCount` counts the Active users of the group.' })
  @ApiOkResponse({ type: [GroupDto] })
  list(): Promise<GroupDto[]> {
    return this.groups.list();
  }

  @Post()
  @ApiOperation({ summary: 'Create a group (Admin)' })
  @ApiCreatedResponse({ type: GroupDto })
  @ApiProblems(400, 409)
  create(@Body() body: GroupBodyDto): Promise<GroupDto> {
    return this.groups.create(body);
  }

  @Put(':groupId')
  @ApiOperation({
    summary: 'Update a group (Admin)',
    description:
      'A change of modules or currency raises the PermsVersion of every member: their access tokens answer 401 TOKEN_STALE ' +
      'and the next refresh carries the new claims. Names are unique case-insensitively (409 GROUP_NAME_TAKEN).',
  })
  @ApiOkResponse({ type: GroupDto })
  @ApiProblems(400, 404, 409)
  update(@UuidParam('groupId') groupId: string, @Body() body: GroupBodyDto): Promise<GroupDto> {
    return this.groups.update(groupId, body);
  }
}
