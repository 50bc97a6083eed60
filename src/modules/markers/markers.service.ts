import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { parseBbox } from './bbox';
import { sanitizeDescription } from './description-sanitizer';
import { MarkerInput, MarkerLocationInput } from './dto/marker-input.dto';
import { MarkerListQuery } from './dto/marker-query.dto';
import { MarkerDetailDto, MarkerDto } from './dto/marker.dto';
import { Marker } from './entities/marker.entity';
import { MarkerImagesService } from './marker-images.service';
import { MarkersRepository } from './markers.repository';
import { MARKER_SORTS, MarkerSortKey, toMarkerDto } from './markers.sql';

/** Markers of the caller's group: CRUD, the trash (soft delete and restore) and the location views. */
@Injectable()
export class MarkersService {
  constructor(
    private readonly markers: MarkersRepository,
    private readonly images: MarkerImagesService,
    private readonly clock: Clock,
  ) {}

  async list(user: AuthUser, query: MarkerListQuery): Promise<Page<MarkerDto>> {
    const { column, direction } = parseSort<MarkerSortKey>(query.sort, MARKER_SORTS, '-date');
    const rows = await this.markers.findPage(user, {
      deleted: query.deleted,
      search: query.search,
      sort: column as MarkerSortKey,
      direction,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    // always one row at least: an empty page is one row with only the total
    const total = rows[0].total;
    const items: MarkerDto[] = [];
    if (rows[0].id !== null) {
      for (const row of rows) {
        const cover = row.cover_storage_key === null ? null : await this.images.thumbnailUrl(row.cover_storage_key, row.cover_thumbnail_key);
        items.push(toMarkerDto(row, row.image_count, cover));
      }
    }
    return toPage(items, total, query);
  }

  /**
   * Every live marker of the group in minimal form, optionally inside a bounding box. The JSON is
   * built by PostgreSQL (from the covering index `ix_markers_locations`) and passed through as one
   * string: 100 000 markers are not parsed into JS objects and re-serialised on the event loop.
   */
  async locationsJson(user: AuthUser, bbox?: string): Promise<string> {
    return this.markers.locationsJson(user, bbox ? parseBbox(bbox) : undefined);
  }

  /** One statement: the marker with its images (another group's id is 404 like a missing one). */
  async get(user: AuthUser, markerId: string): Promise<MarkerDetailDto> {
    const rows = await this.markers.findDetailRows(user, markerId);
    if (rows.length === 0) throw AppError.notFound('Marker');
    const images = rows[0].image_id === null ? [] : await this.images.fromDetailRows(rows);
    const cover = images.find((image) => image.thumbnailUrl);
    return { ...toMarkerDto(rows[0], images.length, cover?.thumbnailUrl ?? null), images };
  }

  async create(user: AuthUser, input: MarkerInput): Promise<MarkerDetailDto> {
    const saved = await this.markers.create({
      groupId: user.groupId,
      title: input.title,
      date: input.date ?? this.clock.now().toISOString().slice(0, 10),
      rating: input.rating ?? 5,
      description: sanitizeDescription(input.description ?? ''),
      latitude: input.latitude,
      longitude: input.longitude,
      address: input.address || null,
      createdBy: user.userId,
    });
    return { ...toMarkerDto(saved, 0, null), images: [] };
  }

  async update(user: AuthUser, markerId: string, input: MarkerInput): Promise<MarkerDetailDto> {
    const marker = await this.markers.findInGroup(user, markerId);
    marker.title = input.title;
    if (input.date !== undefined) marker.date = input.date;
    if (input.rating !== undefined) marker.rating = input.rating;
    if (input.description !== undefined) marker.description = sanitizeDescription(input.description);
    this.applyLocation(marker, input);
    return this.detail(await this.markers.save(marker));
  }

  async updateLocation(user: AuthUser, markerId: string, input: MarkerLocationInput): Promise<MarkerDetailDto> {
    const marker = await this.markers.findInGroup(user, markerId);
    this.applyLocation(marker, input);
    return this.detail(await this.markers.save(marker));
  }

  /** Moves the marker into the trash; its images stay (a restore brings them back). */
  async remove(user: AuthUser, markerId: string): Promise<void> {
    const marker = await this.markers.findInGroup(user, markerId);
    await this.markers.softRemove(marker);
  }

  async restore(user: AuthUser, markerId: string): Promise<MarkerDetailDto> {
    const marker = await this.markers.findInGroup(user, markerId, { withDeleted: true });
    if (!marker.deletedDate) throw AppError.conflict('MARKER_NOT_DELETED', 'The marker is not in the trash');
    await this.markers.recover(marker);
    return this.detail(await this.markers.findInGroup(user, markerId));
  }

  private applyLocation(marker: Marker, input: MarkerLocationInput): void {
    marker.latitude = input.latitude;
    marker.longitude = input.longitude;
    if (input.address !== undefined) marker.address = input.address || null;
  }

  private async detail(marker: Marker): Promise<MarkerDetailDto> {
    const images = await this.images.listFor(marker);
    const cover = images.find((image) => image.thumbnailUrl);
    return {
      ...toMarkerDto(marker, images.length, cover?.thumbnailUrl ?? null),
      images,
    };
  }
}
