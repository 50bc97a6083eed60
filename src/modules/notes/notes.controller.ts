import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiIfMatch, IfMatch, setETag } from '../../common/http/versions';
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
  @ApiOperation({ summary: 'Note detail, with its items in order', description: "ETag: the note's version." })
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404)
  async get(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<NoteDto> {
    return tagged(reply, await this.notes.get(user, noteId));
  }

  @Post()
  @ApiOperation({
    summary: 'Create a note',
    description:
      '`color` defaults to #3B82F6 and `icon` to ShoppingCart. `isPrivate` is fixed here: a private note exists only for its creator. ' +
      'With a client-made `id` the create is safe to repeat: the same id again from the same user with the same content answers the ' +
      'note as it is (200, nothing written); other content, or an id someone else used, is 409 ID_CONFLICT.',
  })
  @ApiCreatedResponse({ type: NoteDto })
  @ApiOkResponse({ type: NoteDto, description: 'a repeat of an earlier create with the same id: the note as it is' })
  @ApiProblems(400, 409)
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateNoteDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<NoteDto> {
    const { value, created } = await this.notes.create(user, dto);
    if (!created) reply.status(200);
    return tagged(reply, value);
  }

  @Put(':noteId')
  @ApiOperation({
    summary: 'Update a note',
    description:
      'Replaces title, content, color and icon (omitted optional fields go back to their defaults). ' +
      '`isPrivate` cannot change: sending it is 400 like any unknown field. With `If-Match`, a stale version is 412.',
  })
  @ApiIfMatch()
  @ApiOkResponse({ type: NoteDto })
  @ApiProblems(400, 404, 412)
  async update(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @Body() dto: UpdateNoteDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NoteDto> {
    return tagged(reply, await this.notes.update(user, noteId, dto, ifMatch));
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
  async pin(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @Body() dto: PinNoteDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NoteDto> {
    return tagged(reply, await this.notes.setPinned(user, noteId, dto.isPinned));
  }
}

/** A response for one note or item carries its version as the ETag. */
export function tagged<T extends { version: number }>(reply: FastifyReply, body: T): T {
  setETag(reply, body.version);
  return body;
}
