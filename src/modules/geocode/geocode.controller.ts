import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireModule } from '../../common/auth/decorators';
import { Problem } from '../../common/errors/problem';
import { ApiProblems } from '../../common/http/api-problems';
import { Geocoder } from '../../infrastructure/geocoder/geocoder';
import { GeocodeQuery, GeocodeResultDto } from './dto/geocode.dto';

@ApiTags('Geocode')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Map')
@Controller('geocode')
export class GeocodeController {
  constructor(private readonly geocoder: Geocoder) {}

  @Get('search')
  @ApiOperation({
    summary: 'Search places by name (at most 10)',
    description:
      'Offline by default (bundled GeoNames place names, accent- and case-insensitive, ranked by similarity and population); ' +
      'with GEOCODER=nominatim a Nominatim server is asked (cached, at most one request per second: 429 GEOCODER_BUSY when the queue is long, ' +
      '503 GEOCODER_UNAVAILABLE when the server fails).',
  })
  @ApiOkResponse({ type: [GeocodeResultDto] })
  @ApiProblems(400, 429)
  @ApiResponse({ status: 503, description: 'The Nominatim server failed or is unreachable (GEOCODER_UNAVAILABLE)', type: Problem })
  search(@Query() query: GeocodeQuery): Promise<GeocodeResultDto[]> {
    return this.geocoder.search(query.searchTerm);
  }
}
