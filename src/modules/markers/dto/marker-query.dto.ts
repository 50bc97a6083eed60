import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQuery, sortPattern } from '../../../common/pagination/pagination';
import { ToBoolean } from '../../../common/validation/transforms';
import { MARKER_SORTS } from '../markers.sql';

export class MarkerListQuery extends PageQuery {
  @ApiPropertyOptional({ maxLength: 200, description: 'case-insensitive substring of the title or the description' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({
    pattern: sortPattern(Object.keys(MARKER_SORTS)).source,
    default: '-date',
    description: `one of ${Object.keys(MARKER_SORTS).join(', ')}; prefix - for descending`,
  })
  @IsOptional()
  @Matches(sortPattern(Object.keys(MARKER_SORTS)), { message: `sort must be one of ${Object.keys(MARKER_SORTS).join(', ')}, optionally prefixed with -` })
  sort?: string;

  @ApiPropertyOptional({ description: 'true: list the trash (deleted, restorable markers) instead of the live ones' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'deleted must be true or false' })
  deleted?: boolean;
}

const NUMBER = '-?\\d{1,3}(?:\\.\\d{1,12})?';

export class MarkerLocationsQuery {
  @ApiPropertyOptional({
    example: '13.0,52.3,13.8,52.7',
    description: 'minLon,minLat,maxLon,maxLat (WGS 84); minLon > maxLon selects a box across the antimeridian',
  })
  @IsOptional()
  @Matches(new RegExp(`^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`), { message: 'bbox must be minLon,minLat,maxLon,maxLat' })
  bbox?: string;
}
