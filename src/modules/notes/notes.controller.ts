import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { NoteDto } from './dto/note.dto';
import { CreateNoteDto, NoteListQuery, PinNoteDto, UpdateNoteDto } from './dto/note-input.dto';
import { NotesService } from './notes.service';

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  @ApiOperation({
    summary: 'List notes',
    description:
      "The group's shared notes and the caller's own private notes, each with its items in order. " +
      'Pinned notes come first, then `sort` (default `-updatedDate`; `title` ignores case). Not paginated: a group has few notes.',
  })
  @ApiOkResponse({ type: [NoteDto] })
  @ApiProblems(400)
  list(@CurrentUser() user: AuthUser, @Query() query: NoteListQuery): Promise<NoteDto[]> {
    return this.notes.list(user, query);
  }

  @Get(':noteId')
  @ApiOperation({ summary: 'Note detail, with its items in order' })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  get(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string): Promise<NoteDto> {
    return this.notes.get(user, noteId);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a note',
    description: '`color` defaults to #3B82F6 and `icon` to ShoppingCart. `isPrivate` is fixed here: a private note exists only for its creator.',
  })
  @ApiCreatedResponse({ type: NoteDto })
  @ApiProblems(400)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateNoteDto): Promise<NoteDto> {
    return this.notes.create(user, dto);
  }

  @Put(':noteId')
  @ApiOperation({
    summary: 'Update a note',
    description:
      'Replaces title, content, color and icon (omitted optional fields go back to their defaults). ' +
      '`isPrivate` cannot change: sending it is 400 like any unknown field.',
  })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  update(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Body() dto: UpdateNoteDto): Promise<NoteDto> {
    return this.notes.update(user, noteId, dto);
  }

  @Delete(':noteId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a note and its items' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string): Promise<void> {
    await this.notes.remove(user, noteId);
  }

  @Patch(':noteId/pin')
  @ApiOperation({ summary: 'Pin or unpin a note' })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  pin(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Body() dto: PinNoteDto): Promise<NoteDto> {
    return this.notes.setPinned(user, noteId, dto.isPinned);
  }
}
