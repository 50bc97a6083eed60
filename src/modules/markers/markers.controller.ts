import { Body, Controller, Delete, Get, Header, HttpCode, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { ApiPageResponse, Page } from '../../common/pagination/pagination';
import { UuidParam } from '../../common/validation/uuid-param';
import { MarkerInput, MarkerLocationInput } from './dto/marker-input.dto';
import { MarkerListQuery, MarkerLocationsQuery } from './dto/marker-query.dto';
import { MarkerDetailDto, MarkerDto, MarkerLocationDto } from './dto/marker.dto';
import { MarkersService } from './markers.service';

@ApiTags('Markers')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Map')
@Controller('markers')
export class MarkersController {
  constructor(private readonly markers: MarkersService) {}

  @Get('locations')
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiOperation({
    summary: 'Every live marker of the group in minimal form (for the map)',
    description: 'Optionally limited to `bbox=minLon,minLat,maxLon,maxLat`; markers in the trash are left out.',
  })
  @ApiOkResponse({ type: [MarkerLocationDto] })
  @ApiProblems(400)
  locations(@CurrentUser() user: AuthUser, @Query() query: MarkerLocationsQuery): Promise<string> {
    return this.markers.locationsJson(user, query.bbox);
  }

  @Get()
  @ApiOperation({
    summary: 'List markers (paginated)',
    description:
      '`search` matches the title and the description, case-insensitively. Sorted by `-date` (newest first) unless `sort` says otherwise. ' +
      '`deleted=true` lists the trash instead.',
  })
  @ApiPageResponse(MarkerDto)
  @ApiProblems(400)
  list(@CurrentUser() user: AuthUser, @Query() query: MarkerListQuery): Promise<Page<MarkerDto>> {
    return this.markers.list(user, query);
  }

  @Get(':markerId')
  @ApiOperation({ summary: 'Marker detail with its images' })
  @ApiOkResponse({ type: MarkerDetailDto })
  @ApiProblems(400, 404)
  get(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string): Promise<MarkerDetailDto> {
    return this.markers.get(user, markerId);
  }

  @Post()
  @ApiOperation({ summary: 'Create a marker', description: 'The description is sanitised to a safe HTML allow-list.' })
  @ApiCreatedResponse({ type: MarkerDetailDto })
  @ApiProblems(400)
  create(@CurrentUser() user: AuthUser, @Body() body: MarkerInput): Promise<MarkerDetailDto> {
    return this.markers.create(user, body);
  }

  @Put(':markerId')
  @ApiOperation({ summary: 'Update a marker', description: 'Omitted optional fields keep their values; `address: null` clears the address.' })
  @ApiOkResponse({ type: MarkerDetailDto })
  @ApiProblems(400, 404)
  update(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @Body() body: MarkerInput): Promise<MarkerDetailDto> {
    return this.markers.update(user, markerId, body);
  }

  @Delete(':markerId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Move a marker to the trash',
    description: 'Restorable with PATCH .../restore; purged with its images after TRASH_RETENTION_DAYS.',
  })
  @ApiNoContentResponse()
  @ApiProblems(400, 404)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string): Promise<void> {
    await this.markers.remove(user, markerId);
  }

  @Patch(':markerId/restore')
  @ApiOperation({ summary: 'Restore a marker from the trash', description: 'A marker that is not in the trash is 409 MARKER_NOT_DELETED.' })
  @ApiOkResponse({ type: MarkerDetailDto })
  @ApiProblems(400, 404, 409)
  restore(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string): Promise<MarkerDetailDto> {
    return this.markers.restore(user, markerId);
  }

  @Patch(':markerId/location')
  @ApiOperation({ summary: 'Move a marker', description: 'Omitted `address` stays as it is; `null` clears it.' })
  @ApiOkResponse({ type: MarkerDetailDto })
  @ApiProblems(400, 404)
  updateLocation(@CurrentUser() user: AuthUser, @UuidParam('markerId') markerId: string, @Body() body: MarkerLocationInput): Promise<MarkerDetailDto> {
    return this.markers.updateLocation(user, markerId, body);
  }
}
