import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../../common/auth/decorators';
import { ApiProblems } from '../../../common/http/api-problems';
import { ApiIfMatch, IfMatch, setETag } from '../../../common/http/versions';
import { UuidParam } from '../../../common/validation/uuid-param';
import { OptionalBody } from '../../../common/validation/validation.pipe';
import { CatalogAnswerDto, CatalogQuery, StartTripDto, StoreDto, StoreInputDto, TripDto } from './dto/shopping.dto';
import { ShoppingService } from './shopping.service';

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('catalog')
export class CatalogController {
  constructor(private readonly shopping: ShoppingService) {}

  @Get()
  @ApiOperation({
    summary: 'Suggestions for a shopping list',
    description:
      '`items`: the catalogue (at least 400 everyday things per language, German with Austrian and regional names) whose name, plural or ' +
      'another common name starts with `q`, accents and case ignored, best first ("tom" → Tomaten). `learned`: what the group typed before ' +
      'that the catalogue lacks, with its last aisle and quantity. `recent`: what the group ticked in the last 8 weeks, most often first ' +
      '(only those starting with `q` when it is given). Icons are part of the app (domain/catalog/icons.json).',
  })
  @ApiOkResponse({ type: CatalogAnswerDto })
  @ApiProblems(400)
  catalog(@CurrentUser() user: AuthUser, @Query() query: CatalogQuery): Promise<CatalogAnswerDto> {
    return this.shopping.catalog(user, query);
  }
}

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('shopping/stores')
export class StoresController {
  constructor(private readonly shopping: ShoppingService) {}

  @Get()
  @ApiOperation({ summary: "The group's stores", description: 'By name. Each with its aisle order (learned on trips there, or set by PUT).' })
  @ApiOkResponse({ type: [StoreDto] })
  stores(@CurrentUser() user: AuthUser): Promise<StoreDto[]> {
    return this.shopping.stores(user);
  }

  @Post()
  @ApiOperation({ summary: 'Add a store', description: '`aisleOrder` left out: the default order; left-out aisles follow in the default order.' })
  @ApiCreatedResponse({ type: StoreDto })
  @ApiProblems(400)
  async create(@CurrentUser() user: AuthUser, @Body() dto: StoreInputDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StoreDto> {
    const store = await this.shopping.createStore(user, dto);
    setETag(reply, store.version);
    return store;
  }

  @Put(':storeId')
  @ApiOperation({
    summary: 'Rename a store or set its aisle order',
    description: '`aisleOrder` left out keeps the order. With `If-Match`, a stale version is 412.',
  })
  @ApiIfMatch()
  @ApiOkResponse({ type: StoreDto })
  @ApiProblems(400, 404, 412)
  async update(
    @CurrentUser() user: AuthUser,
    @UuidParam('storeId') storeId: string,
    @Body() dto: StoreInputDto,
    @IfMatch() ifMatch: number | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StoreDto> {
    const store = await this.shopping.updateStore(user, storeId, dto, ifMatch);
    setETag(reply, store.version);
    return store;
  }

  @Delete(':storeId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a store', description: 'A trip at the store goes on without one.' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('storeId') storeId: string): Promise<void> {
    await this.shopping.removeStore(user, storeId);
  }
}

@ApiTags('Notes')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Notes')
@Controller('notes/:noteId/trip')
export class TripsController {
  constructor(private readonly shopping: ShoppingService) {}

  @Post()
  @ApiOperation({
    summary: 'Go shopping',
    description:
      'The list\'s other members are told "Anna is shopping (REWE) — anything else?" (each can turn trip messages off: notification settings ' +
      '`shoppingTrips`); what they add meanwhile comes with `addedDuringTrip: true`. Ticks on the trip teach the store its aisle order. ' +
      'One trip a list at a time: 409 TRIP_IN_PROGRESS.',
  })
  @ApiBody({ type: StartTripDto, required: false })
  @ApiCreatedResponse({ type: TripDto })
  @ApiProblems(400, 404, 409)
  start(
    @CurrentUser() user: AuthUser,
    @UuidParam('noteId') noteId: string,
    @Body(new OptionalBody(StartTripDto)) dto: StartTripDto | undefined,
  ): Promise<TripDto> {
    return this.shopping.startTrip(user, noteId, dto?.storeId);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Done shopping',
    description:
      'Ends the trip (any member of the list may; ticking the last open item ends it too): the others are told "Anna bought 12 items". ' +
      'No trip: 404 NO_TRIP.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async stop(@CurrentUser() user: AuthUser, @UuidParam('noteId') noteId: string): Promise<void> {
    await this.shopping.stopTrip(user, noteId);
  }
}
