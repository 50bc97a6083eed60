import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { findInGroup, lockInGroup, Tenant } from '../../common/tenancy/group-scope';
import type { SearchHitRow, SearchValues } from '../../common/search/search-sql';
import { Sql } from '../../database/sql';
import { UnitOfWork } from '../../database/transaction';
import type { BoundingBox } from './bbox';
import { Marker } from './entities/marker.entity';
import {
  MARKER_DETAIL,
  MARKER_LOCATIONS,
  MarkerDetailRow,
  MarkerPageRow,
  MarkerPageVariant,
  MARKERS_LOCK_TRASHED_BEFORE,
  MARKERS_SEARCH_SQL,
  MARKERS_TRASH_SEARCH_SQL,
  markersPageStatement,
} from './markers.sql';

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface MarkerPageQuery {
  deleted?: boolean;
  search?: string;
  sort: MarkerPageVariant['sort'];
  direction: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/**
 * The SQL of the `markers` table. The hot reads (a page, a detail) are fixed statements on the
 * direct pool (markers.sql.ts); writes go through save/softRemove/recover (audited).
 */
@Injectable()
export class MarkersRepository {
  constructor(
    @InjectRepository(Marker) private readonly markers: Repository<Marker>,
    private readonly sql: Sql,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * One page of the group's live markers (or its trash), each with its image count and cover
   * objects, and the total: one statement. An empty page is one row with only `total`.
   */
  findPage(tenant: Tenant, query: MarkerPageQuery): Promise<MarkerPageRow[]> {
    const search = !!query.search;
    const statement = markersPageStatement({ sort: query.sort, direction: query.direction, deleted: !!query.deleted, search });
    const values: unknown[] = [tenant.groupId, query.limit, query.offset];
    if (search) values.push(containsPattern(query.search!));
    return this.sql.rows<MarkerPageRow>(statement, values);
  }

  /** A live marker of the group with its images in order, one row per image (none: another group's or missing). */
  findDetailRows(tenant: Tenant, id: string): Promise<MarkerDetailRow[]> {
    return this.sql.rows<MarkerDetailRow>(MARKER_DETAIL, [tenant.groupId, id]);
  }

  /**
   * Every live marker of the group in minimal form, optionally inside a bounding box, as one JSON
   * string built by PostgreSQL from the covering index `ix_markers_locations`.
   */
  async locationsJson(tenant: Tenant, box?: BoundingBox): Promise<string> {
    const [row] = box
      ? await this.sql.rows<{ body: string }>(box.minLon <= box.maxLon ? MARKER_LOCATIONS.inBox : MARKER_LOCATIONS.inBoxAcross180, [
          tenant.groupId,
          box.minLat,
          box.maxLat,
          box.minLon,
          box.maxLon,
        ])
      : await this.sql.rows<{ body: string }>(MARKER_LOCATIONS.all, [tenant.groupId]);
    return row.body;
  }

  /** A marker of the group (live unless `withDeleted`), or 404. */
  findInGroup(tenant: Tenant, id: string, options: { withDeleted?: boolean } = {}): Promise<Marker> {
    return findInGroup(this.markers, tenant, id, 'Marker', options);
  }

  /** Locks a live marker of the group (the parent of an image change), or 404. */
  lockInGroup(tenant: Tenant, id: string): Promise<Marker> {
    return lockInGroup(this.unitOfWork.manager, Marker, tenant, id, 'Marker');
  }

  create(values: Partial<Marker>): Promise<Marker> {
    return this.markers.save(this.markers.create(values));
  }

  save(marker: Marker): Promise<Marker> {
    return this.markers.save(marker);
  }

  /**
   * Up to `limit` markers in the trash since before `cutoff`, oldest first, locked (rows locked
   * elsewhere skipped) in the unit of work.
   */
  async lockTrashedBefore(cutoff: Date, limit: number): Promise<Marker[]> {
    const locked = await this.sql.rows<{ id: string }>(MARKERS_LOCK_TRASHED_BEFORE, [cutoff, limit]);
    if (locked.length === 0) return [];
    return this.unitOfWork.manager.find(Marker, {
      where: { id: In(locked.map((row) => row.id)) },
      withDeleted: true,
      order: { deletedDate: 'ASC', id: 'ASC' },
    });
  }

  /** Deletes for good, one row at a time: each marker gets its own history row. */
  async removeEach(markers: Marker[]): Promise<void> {
    const manager = this.unitOfWork.manager;
    for (const marker of markers) await manager.remove(marker);
  }

  async softRemove(marker: Marker): Promise<void> {
    await this.markers.softRemove(marker);
  }

  /** GET /search: the group's best `limit` live places (`deleted`: in the trash) that match; `search` as `searchValues` gives it. */
  search(tenant: Tenant, deleted: boolean, limit: number, search: SearchValues): Promise<SearchHitRow[]> {
    return this.sql.rows<SearchHitRow>((deleted ? MARKERS_TRASH_SEARCH_SQL : MARKERS_SEARCH_SQL)[search.slots], [tenant.groupId, limit, ...search.values]);
  }

  async recover(marker: Marker): Promise<void> {
    await this.markers.recover(marker);
  }
}
