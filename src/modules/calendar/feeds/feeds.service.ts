import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser, ModuleName } from '../../../common/auth/auth-user';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { Sql } from '../../../database/sql';
import { UnitOfWork } from '../../../database/transaction';
import { recordChange, recordCreated } from '../../history/history-rows';
import { CalendarLayers } from '../calendar-layers';
import type { CalendarLayer } from '../dto/event-input.dto';
import { CalendarIcsRepository } from '../ical/calendar-ics.repository';
import type { IcsEvent } from '../ical/ics-event';
import { writeCalendar } from '../ical/ics-writer';
import { layerEvents } from '../ical/layer-events';
import { CalendarFeed } from './calendar-feed.entity';
import type { CreateFeedDto, CreatedFeedDto, FeedDto } from './feed.dto';
import { FEED_BY_TOKEN, FEED_DELETE, FEED_INSERT, FEEDS_COUNT, FEEDS_OF_USER, FeedOwnerRow, FeedRow } from './feeds.sql';

/** The most feeds a member keeps. */
export const MAX_FEEDS_PER_USER = 20;
/** `/ical/{token}.ics`: 32 random bytes, base64url. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const toDto = (row: FeedRow): FeedDto => ({
  id: row.id,
  name: row.name,
  layers: row.layers as CalendarLayer[],
  onlyMine: row.only_mine,
  createdDate: row.created_date,
});

export interface RenderedFeed {
  body: string;
  etag: string;
}

/**
 * Secret feed addresses: a member's calendar as one RFC 5545 file for any calendar app. The token
 * is stored only as its SHA-256; a read finds the feed by it and shows what the owner may see at
 * that moment (their group's events under the private-event rule, the layers their group allows),
 * or nothing when the owner has left.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    private readonly sql: Sql,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: CalendarIcsRepository,
    private readonly layers: CalendarLayers,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(user: AuthUser, dto: CreateFeedDto): Promise<CreatedFeedDto> {
    const [{ count }] = await this.sql.rows<{ count: number }>(FEEDS_COUNT, [user.userId]);
    if (count >= MAX_FEEDS_PER_USER) throw AppError.badRequest('VALIDATION_FAILED', `A member keeps at most ${MAX_FEEDS_PER_USER} feeds; end one first`);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const feed = { id: randomUUID(), userId: user.userId, groupId: user.groupId, name: dto.name.trim(), layers: dto.layers, onlyMine: dto.onlyMine ?? false };
    // its history row is the owner's alone: the owner's other devices hear of it, nobody else
    const row = await this.unitOfWork.run(async (manager) => {
      const [inserted] = await this.sql.rows<FeedRow>(FEED_INSERT, [feed.id, feed.userId, feed.groupId, feed.name, feed.layers, feed.onlyMine, sha256(token)]);
      await recordCreated(manager, CalendarFeed, feed as CalendarFeed);
      return inserted;
    });
    return { ...toDto(row), url: `${this.config.publicUrl}/ical/${token}.ics` };
  }

  async list(user: AuthUser): Promise<FeedDto[]> {
    return (await this.sql.rows<FeedRow>(FEEDS_OF_USER, [user.userId, user.groupId])).map(toDto);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const [row] = await this.sql.rows<{ id: string; user_id: string; group_id: string; name: string }>(FEED_DELETE, [id, user.userId]);
      if (!row) throw AppError.notFound('Feed');
      await recordChange(manager, CalendarFeed, { id: row.id, userId: row.user_id, groupId: row.group_id, name: row.name }, 'Deleted');
    });
  }

  /** The feed of a token as iCalendar, or null (unknown, ended, or its owner gone). */
  async render(token: string): Promise<RenderedFeed | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row] = await this.sql.rows<FeedOwnerRow>(FEED_BY_TOKEN, [sha256(token)]);
    if (!row) return null;
    const user: AuthUser = {
      userId: row.user_id,
      nickname: row.nickname,
      groupId: row.group_id,
      role: row.role,
      currency: row.currency,
      modules: row.modules as ModuleName[],
      permsVersion: row.perms_version,
      sessionId: row.id,
    };
    const zone = row.time_zone ?? 'UTC';
    const events: IcsEvent[] = [];
    for (const layer of row.layers as CalendarLayer[]) {
      if (layer === 'events') events.push(...(await this.events.visible(user, row.only_mine)));
      else events.push(...(await layerEvents(this.layers, layer, user, zone, this.clock.now())));
    }
    const body = writeCalendar(events, { name: row.name, method: 'PUBLISH' });
    return { body, etag: `"${sha256(body).slice(0, 32)}"` };
  }
}
