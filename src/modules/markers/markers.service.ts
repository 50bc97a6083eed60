import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../common/auth/auth-user';
import { AppError } from '../../common/errors/app-error';
import { Page, parseSort, toPage } from '../../common/pagination/pagination';
import { findInGroup } from '../../common/tenancy/group-scope';
import { parseBbox } from './bbox';
import { sanitizeDescription } from './description-sanitizer';
import { MarkerInput, MarkerLocationInput } from './dto/marker-input.dto';
import { MARKER_SORTS, MarkerListQuery } from './dto/marker-query.dto';
import { MarkerDetailDto, MarkerDto } from './dto/marker.dto';
import { Marker } from './entities/marker.entity';
import { ImageSummary, MarkerImagesService } from './marker-images.service';

const NO_IMAGES: ImageSummary = { imageCount: 0, coverThumbnailUrl: null };

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toMarkerDto(marker: Marker, images: ImageSummary = NO_IMAGES): MarkerDto {
  return {
    id: marker.id,
    title: marker.title,
    date: marker.date,
    rating: marker.rating,
    description: marker.description,
    latitude: marker.latitude,
    longitude: marker.longitude,
    address: marker.address,
    createdBy: marker.createdBy,
    createdDate: marker.createdDate,
    updatedDate: marker.updatedDate,
    deletedDate: marker.deletedDate ?? null,
    imageCount: images.imageCount,
    coverThumbnailUrl: images.coverThumbnailUrl,
  };
}

/** Markers of the caller's group: CRUD, the trash (soft delete and restore) and the location views. */
@Injectable()
export class MarkersService {
  constructor(
    @InjectRepository(Marker) private readonly markers: Repository<Marker>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: MarkerImagesService,
  ) {}

  async list(user: AuthUser, query: MarkerListQuery): Promise<Page<MarkerDto>> {
    const qb = this.markers.createQueryBuilder('m').where('m.groupId = :groupId', { groupId: user.groupId });
    if (query.deleted) qb.withDeleted().andWhere('m.deletedDate IS NOT NULL');
    if (query.search) {
      const pattern = containsPattern(query.search);
      qb.andWhere(new Brackets((w) => w.where('m.title ILIKE :pattern').orWhere('m.description ILIKE :pattern')), { pattern });
    }
    const { column, direction } = parseSort<keyof typeof MARKER_SORTS>(query.sort, MARKER_SORTS, '-date');
    qb.orderBy(`m.${column}`, direction)
      .addOrderBy('m.id', direction)
      .skip((query.page - 1) * query.pageSize)
      .take(query.pageSize);
    const [rows, total] = await qb.getManyAndCount();
    const summaries = await this.images.summaries(
      user.groupId,
      rows.map((row) => row.id),
    );
    return toPage(
      rows.map((row) => toMarkerDto(row, summaries.get(row.id))),
      total,
      query,
    );
  }

  /**
   * Every live marker of the group in minimal form, optionally inside a bounding box. The JSON is
   * built by PostgreSQL (from the covering index `ix_markers_locations`) and passed through as one
   * string: 100 000 markers are not parsed into JS objects and re-serialised on the event loop.
   */
  async locationsJson(user: AuthUser, bbox?: string): Promise<string> {
    const params: unknown[] = [user.groupId];
    let where = 'group_id = $1 AND deleted_date IS NULL';
    if (bbox) {
      const box = parseBbox(bbox);
      params.push(box.minLat, box.maxLat, box.minLon, box.maxLon);
      const lon = box.minLon <= box.maxLon ? 'longitude BETWEEN $4 AND $5' : '(longitude >= $4 OR longitude <= $5)';
      where += ` AND latitude BETWEEN $2 AND $3 AND ${lon}`;
    }
    const [row] = await this.dataSource.query(
      `SELECT coalesce(json_agg(l), '[]')::text AS body
         FROM (SELECT id, title, latitude, longitude, rating FROM markers WHERE ${where}) l`,
      params,
    );
    return row.body;
  }

  async get(user: AuthUser, markerId: string): Promise<MarkerDetailDto> {
    const marker = await findInGroup(this.markers, user, markerId, 'Marker');
    return this.detail(marker);
  }

  async create(user: AuthUser, input: MarkerInput): Promise<MarkerDetailDto> {
    const marker = this.markers.create({
      groupId: user.groupId,
      title: input.title,
      date: input.date ?? today(),
      rating: input.rating ?? 5,
      description: sanitizeDescription(input.description ?? ''),
      latitude: input.latitude,
      longitude: input.longitude,
      address: input.address || null,
      createdBy: user.userId,
    });
    const saved = await this.markers.save(marker);
    return { ...toMarkerDto(saved), images: [] };
  }

  async update(user: AuthUser, markerId: string, input: MarkerInput): Promise<MarkerDetailDto> {
    const marker = await findInGroup(this.markers, user, markerId, 'Marker');
    marker.title = input.title;
    if (input.date !== undefined) marker.date = input.date;
    if (input.rating !== undefined) marker.rating = input.rating;
    if (input.description !== undefined) marker.description = sanitizeDescription(input.description);
    this.applyLocation(marker, input);
    return this.detail(await this.markers.save(marker));
  }

  async updateLocation(user: AuthUser, markerId: string, input: MarkerLocationInput): Promise<MarkerDetailDto> {
    const marker = await findInGroup(this.markers, user, markerId, 'Marker');
    this.applyLocation(marker, input);
    return this.detail(await this.markers.save(marker));
  }

  /** Moves the marker into the trash; its images stay (a restore brings them back). */
  async remove(user: AuthUser, markerId: string): Promise<void> {
    const marker = await findInGroup(this.markers, user, markerId, 'Marker');
    await this.markers.softRemove(marker);
  }

  async restore(user: AuthUser, markerId: string): Promise<MarkerDetailDto> {
    const marker = await findInGroup(this.markers, user, markerId, 'Marker', { withDeleted: true });
    if (!marker.deletedDate) throw AppError.conflict('MARKER_NOT_DELETED', 'The marker is not in the trash');
    await this.markers.recover(marker);
    return this.detail(await findInGroup(this.markers, user, markerId, 'Marker'));
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
      ...toMarkerDto(marker, { imageCount: images.length, coverThumbnailUrl: cover?.thumbnailUrl ?? null }),
      images,
    };
  }
}
