import { Body, Controller, Delete, HttpCode, Patch, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import type { FastifyReply } from 'fastify';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiIfMatch, IfMatch } from '../../common/http/versions';
import { UuidParam } from '../../common/validation/uuid-param';
import { OptionalBody } from '../../common/validation/validation.pipe';
import { AddedNoteItemDto, NoteItemDto } from './dto/note.dto';
import { NewNoteItemDto, NoteItemInputDto, ReorderNoteItemsDto, ToggleNoteItemDto } from './dto/note-item-input.dto';
import { NoteItemsService } from './note-items.service';
import { tagged } from './notes.controller';

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
    description:
      'The item goes after the last uncompleted item (items below move down one place), so a list typed in order keeps it. ' +
      'At most 999 items a note. With a client-made `id` the add is safe to repeat: the same id again from the same user with the ' +
      'same content answers the item as it is (200, nothing written); other content, or an id used elsewhere, is 409 ID_CONFLICT. ' +
      'On a shopping list (`kind: "shopping"`): a quantity typed with the name is read off it ("2 l Milch" → text "Milch", quantity "2 l"; ' +
      '"500g Hackfleisch", "Milch 2 l" alike) unless `quantity` is sent; the aisle is guessed at once (the group\'s learned aisle, else the ' +
      "catalogue's); a text already on the list (accents, case, singular or plural ignored) adds nothing: 200 with that item and " +
      '`merged: true`, its quantity joined ("1 l + 2 l"), or unticked when it was ticked.',
  })
  @ApiCreatedResponse({ type: AddedNoteItemDto })
  @ApiOkResponse({ type: AddedNoteItemDto, description: 'a repeat of an earlier add with the same id (the item as it is), or a merge (`merged: true`)' })
  @ApiProblems(400, 404, 409)
  async add(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @Body() dto: NewNoteItemDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AddedNoteItemDto> {
    const { value, created } = await this.items.add(user, noteId, dto);
    if (!created) reply.status(200);
    return tagged(reply, value);
  }

  @Patch('order')
  @ApiOperation({ summary: 'Reorder the items', description: "`itemIds` must be exactly the note's item ids, each once; anything else is 400." })
  @ApiOkResponse({ type: [NoteItemDto] })
  @ApiProblems(400, 404)
  reorder(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string, @Body() dto: ReorderNoteItemsDto): Promise<NoteItemDto[]> {
    return this.items.reorder(user, noteId, dto.itemIds);
  }

  @Put(':noteItemId')
  @ApiOperation({
    summary: 'Edit an item',
    description:
      "Replaces text and url (an omitted url clears it); `quantity` and `aisle` when sent (omitted: kept). Moving a shopping list's item to " +
      'another aisle teaches the group (its next adds of the thing go there). With `If-Match`, a stale version is 412.',
  })
  @ApiIfMatch()
  @ApiOkResponse({ type: NoteItemDto })
  @ApiProblems(400, 404, 412)
  async update(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @UuidParam('noteItemId') itemId: string,
    @Body() dto: NoteItemInputDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NoteItemDto> {
    return tagged(reply, await this.items.update(user, noteId, itemId, dto, ifMatch));
  }

  @Patch(':noteItemId/toggle')
  @ApiOperation({
    summary: 'Toggle an item completed',
    description:
      'Without a body, flips isCompleted; with `{isCompleted}`, sets it (a repeat changes nothing and writes no history). ' +
      'Parallel toggles apply one after the other. 120 requests / 60 s per user.',
  })
  @ApiBody({ type: ToggleNoteItemDto, required: false })
  @ApiOkResponse({ type: NoteItemDto })
  @ApiProblems(400, 404, 429)
  async toggle(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @UuidParam('noteItemId') itemId: string,
    @Body(new OptionalBody(ToggleNoteItemDto)) dto: ToggleNoteItemDto | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NoteItemDto> {
    return tagged(reply, await this.items.toggle(user, noteId, itemId, dto?.isCompleted));
  }

  @Delete(':noteItemId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete an item',
    description:
      'The items below move up one place. With `If-Match`, a stale version is 412 (someone changed the item since it was seen) and nothing is deleted.',
  })
  @ApiIfMatch()
  @ApiNoContentResponse()
  @ApiProblems(400, 404, 412)
  async remove(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @UuidParam('noteItemId') itemId: string,
    @IfMatch() ifMatch: number | undefined,
  ): Promise<void> {
    await this.items.remove(user, noteId, itemId, ifMatch);
  }
}
