import { Body, Controller, Delete, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { NoteItemDto } from './dto/note.dto';
import { NoteItemInputDto, ReorderNoteItemsDto } from './dto/note-item-input.dto';
import { NoteItemsService } from './note-items.service';

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('notes/:noteId/items')
export class NoteItemsController {
  constructor(private readonly items: NoteItemsService) {}

  @Post()
  @ApiOperation({
    summary: 'Add an item',
    description: 'The item goes to the top of the uncompleted items (items below move down one place). At most 999 items a note.',
  })
  @ApiCreatedResponse({ type: NoteItemDto })
  @ApiProblems(400, 404, 409)
  add(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Body() dto: NoteItemInputDto): Promise<NoteItemDto> {
    return this.items.add(user, noteId, dto);
  }

  @Patch('order')
  @ApiOperation({ summary: 'Reorder the items', description: "`itemIds` must be exactly the note's item ids, each once; anything else is 400." })
  @ApiOkResponse({ type: [NoteItemDto] })
  @ApiProblems(400, 404)
  reorder(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Body() dto: ReorderNoteItemsDto): Promise<NoteItemDto[]> {
    return this.items.reorder(user, noteId, dto.itemIds);
  }

  @Put(':noteItemId')
  @ApiOperation({ summary: 'Edit an item', description: 'Replaces text and url (an omitted url clears it).' })
  @ApiOkResponse({ type: NoteItemDto })
  @ApiProblems(400, 404)
  update(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @UuidParam('noteItemId') itemId: string,
    @Body() dto: NoteItemInputDto,
  ): Promise<NoteItemDto> {
    return this.items.update(user, noteId, itemId, dto);
  }

  @Patch(':noteItemId/toggle')
  @ApiOperation({
    summary: 'Toggle an item completed',
    description: 'Flips isCompleted; parallel toggles apply one after the other. 120 requests / 60 s per user.',
  })
  @ApiOkResponse({ type: NoteItemDto })
  @ApiProblems(400, 404, 429)
  toggle(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @UuidParam('noteItemId') itemId: string): Promise<NoteItemDto> {
    return this.items.toggle(user, noteId, itemId);
  }

  @Delete(':noteItemId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an item', description: 'The items below move up one place.' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @UuidParam('noteItemId') itemId: string): Promise<void> {
    await this.items.remove(user, noteId, itemId);
  }
}
