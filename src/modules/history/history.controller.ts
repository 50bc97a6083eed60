import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, Page } from '../../common/pagination/pagination';
import { ActionHistoryDto, HistoryQuery } from './dto/action-history.dto';
import { HistoryService } from './history.service';

@ApiTags('Action histories')
@ApiBearerAuth()
@ApiProblems(401)
@Controller('action-histories')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  @ApiOperation({
    summary: "The audit trail of the caller's group, newest first",
    description:
      'Every change of an audited entity (Created, Updated, Deleted, Restored) with its field changes; secrets never appear. ' +
      "Only rows of the caller's group; changes of another member's private note never appear; user and group " +
      'administration rows are shown to admins only.',
  })
  @ApiPageResponse(ActionHistoryDto)
  @ApiProblems(400)
  list(@CurrentUser() user: AuthUser, @Query() query: HistoryQuery): Promise<Page<ActionHistoryDto>> {
    return this.history.list(user, query);
  }
}
