import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Clock } from '../../../common/clock/clock';
import { AppError } from '../../../common/errors/app-error';
import { AppConfig } from '../../../config/app-config';
import { Sql } from '../../../database/sql';
import { UnitOfWork } from '../../../database/transaction';
import { recordChange, recordCreated } from '../../history/history-rows';
import { JobsService } from '../../../infrastructure/jobs/jobs.service';
import { AddressRefused, AnswerTooLarge, DeadlineExceeded, assertPublicUrl, getSafely } from '../../notifications/outbound';
import type { OccurrenceWindow } from '../../../../domain/calendar';
import { calendarRules } from '../calendar-rules';
import type { CalendarLayerSource, LayerOccurrence, LayerRequest } from '../calendar-layers';
import type { IcsEvent } from '../ical/ics-event';
import { IcsParseError, readCalendar } from '../ical/ics-reader';
import { CalendarSubscription } from './calendar-subscription.entity';
import type { SubscriptionError, SubscriptionErrorParams } from './subscription-errors';
import type { CreateSubscriptionDto, SubscriptionDto, UpdateSubscriptionDto } from './subscription.dto';
import {
  SUBSCRIPTION_CHECKED,
  SUBSCRIPTION_DELETE,
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_INSERT,
  SUBSCRIPTION_OF_GROUP,
  SUBSCRIPTION_RENAME,
  SUBSCRIPTION_STORE,
  SUBSCRIPTIONS_ALL,
  SUBSCRIPTIONS_COUNT,
  SUBSCRIPTIONS_OF_GROUP,
  SubscriptionRow,
} from './subscriptions.sql';

export const SUBSCRIPTION_REFRESH_QUEUE = 'calendar-subscriptions-refresh';
const EVERY_15_MINUTES = '*/15 * * * *';
/** An outside calendar's answer: at most 5 MB, within 10 s, redirects included. */
export const SUBSCRIPTION_MAX_BYTES = 5 * 1024 * 1024;
export const SUBSCRIPTION_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** The most events kept of one outside calendar, and outside calendars a group has. */
export const SUBSCRIPTION_MAX_EVENTS = 5_000;
export const MAX_SUBSCRIPTIONS_PER_GROUP = 20;

export interface SubscriptionEvents {
  id: string;
  name: string;
  color: string;
  version: number;
  events: IcsEvent[];
}

type Failed = { kind: 'failed'; code: SubscriptionError; params: SubscriptionErrorParams; reason: string };
const failed = (code: SubscriptionError, reason: string, params: SubscriptionErrorParams = {}): Failed => ({ kind: 'failed', code, params, reason });

type FetchResult = { kind: 'content'; events: IcsEvent[]; etag: string | null; lastModified: string | null } | { kind: 'unchanged' } | Failed;

const toDto = (row: SubscriptionRow): SubscriptionDto => ({
  id: row.id,
  url: row.url,
  name: row.name,
  color: row.color,
  eventCount: row.event_count,
  fetchedDate: row.fetched_date,
  lastError: row.last_error,
  lastFailure: row.last_error_code ? { code: row.last_error_code, params: row.last_error_params ?? {} } : null,
  createdDate: row.created_date,
});

/** `webcal://` (what calendar pages link) is https. */
function normalizeUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim().replace(/^webcals?:\/\//i, 'https://'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The group's outside calendars (the school's holidays, the club's matches): an ICS address fetched
 * when subscribed and every 15 minutes (a pg-boss job), conditionally (ETag / If-Modified-Since),
 * at most 5 MB within 10 s, under the notifications' outbound address rule (NOTIFY_ALLOW_PRIVATE_URLS).
 * What it answered is kept parsed and shown read-only as the calendar's layer `subscriptions`.
 */
@Injectable()
export class CalendarSubscriptionsService implements OnModuleInit, CalendarLayerSource {
  readonly layer = 'subscriptions' as const;
  readonly source = 'subscription' as const;
  readonly module = 'Calendar' as const;
  private readonly logger = new Logger('CalendarSubscriptions');

  constructor(
    private readonly sql: Sql,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly jobs: JobsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SUBSCRIPTION_REFRESH_QUEUE, () => this.refreshAll().then(() => undefined), { retryLimit: 0 });
    this.jobs.schedule(SUBSCRIPTION_REFRESH_QUEUE, EVERY_15_MINUTES);
  }

  async create(user: AuthUser, dto: CreateSubscriptionDto): Promise<SubscriptionDto> {
    const url = normalizeUrl(dto.url);
    if (!url) throw AppError.invalidField('url', 'url must be an http or https address');
    const [{ count }] = await this.sql.rows<{ count: number }>(SUBSCRIPTIONS_COUNT, [user.groupId]);
    if (count >= MAX_SUBSCRIPTIONS_PER_GROUP)
      throw AppError.badRequest('VALIDATION_FAILED', `A group keeps at most ${MAX_SUBSCRIPTIONS_PER_GROUP} outside calendars`);
    try {
      await assertPublicUrl(url, this.config.notifications.allowPrivateUrls);
    } catch (error) {
      if (error instanceof AddressRefused) throw AppError.badRequest('CALENDAR_URL_NOT_ALLOWED', `${url.hostname} is not an address this server may fetch`);
      throw error;
    }
    const fetched = await this.fetch(url.href, null, null);
    if (fetched.kind === 'failed') {
      // the code and its values beside the English, so the app words why in the person's language
      const failure = { code: fetched.code, params: fetched.params };
      throw new AppError(400, 'CALENDAR_FETCH_FAILED', `The calendar could not be read: ${fetched.reason}`, undefined, undefined, { failure });
    }
    if (fetched.kind !== 'content') throw AppError.badRequest('CALENDAR_FETCH_FAILED', 'The calendar could not be read: no content');
    const id = randomUUID();
    const added = { id, groupId: user.groupId, url: url.href, name: dto.name.trim(), color: dto.color.toUpperCase(), createdBy: user.userId };
    // the row and its history row (the live event of the other members' screens) commit together
    await this.unitOfWork.run(async (manager) => {
      await this.sql.rows(SUBSCRIPTION_INSERT, [
        id,
        user.groupId,
        added.url,
        added.name,
        added.color,
        user.userId,
        JSON.stringify(fetched.events),
        fetched.etag,
        fetched.lastModified,
        this.clock.now(),
      ]);
      await recordCreated(manager, CalendarSubscription, added as CalendarSubscription);
    });
    const [row] = await this.sql.rows<SubscriptionRow>(SUBSCRIPTION_OF_GROUP, [user.groupId, id]);
    return toDto(row);
  }

  async list(user: AuthUser): Promise<SubscriptionDto[]> {
    return (await this.sql.rows<SubscriptionRow>(SUBSCRIPTIONS_OF_GROUP, [user.groupId])).map(toDto);
  }

  /** Renames or recolours it: the group's history and the other members' open pages hear of it. */
  async update(user: AuthUser, id: string, dto: UpdateSubscriptionDto): Promise<SubscriptionDto> {
    await this.unitOfWork.run(async (manager) => {
      type Renamed = { id: string; group_id: string; old_name: string; name: string; old_color: string; color: string };
      const [row] = await this.sql.rows<Renamed>(SUBSCRIPTION_RENAME, [user.groupId, id, dto.name?.trim() ?? null, dto.color?.toUpperCase() ?? null]);
      if (!row) throw AppError.notFound('Subscription');
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      if (row.name !== row.old_name) changes.name = { old: row.old_name, new: row.name };
      if (row.color !== row.old_color) changes.color = { old: row.old_color, new: row.color };
      if (!Object.keys(changes).length) return;
      await recordChange(manager, CalendarSubscription, { id: row.id, groupId: row.group_id, name: row.name }, 'Updated', changes);
    });
    const [row] = await this.sql.rows<SubscriptionRow>(SUBSCRIPTION_OF_GROUP, [user.groupId, id]);
    return toDto(row);
  }

  async remove(user: AuthUser, id: string): Promise<void> {
    await this.unitOfWork.run(async (manager) => {
      const [row] = await this.sql.rows<{ id: string; group_id: string; name: string }>(SUBSCRIPTION_DELETE, [user.groupId, id]);
      if (!row) throw AppError.notFound('Subscription');
      await recordChange(manager, CalendarSubscription, { id: row.id, groupId: row.group_id, name: row.name }, 'Deleted');
    });
  }

  /** The kept events of the group's outside calendars (all, or the ones named). */
  async eventsOf(groupId: string, ids: string[] | null = null): Promise<SubscriptionEvents[]> {
    return this.sql.rows<SubscriptionEvents>(SUBSCRIPTION_EVENTS, [groupId, ids]);
  }

  /** The periodic fetch: every subscription, one after another; a failure is kept on its row. */
  async refreshAll(): Promise<number> {
    const rows = await this.sql.rows<SubscriptionRow>(SUBSCRIPTIONS_ALL, []);
    let changed = 0;
    for (const row of rows) if (await this.refresh(row)) changed++;
    return changed;
  }

  /** Fetches one subscription again; answers whether its content was replaced. */
  async refresh(row: Pick<SubscriptionRow, 'id' | 'url' | 'etag' | 'last_modified'>): Promise<boolean> {
    const fetched = await this.fetch(row.url, row.etag, row.last_modified);
    const now = this.clock.now();
    if (fetched.kind === 'content') {
      await this.unitOfWork.run(async (manager) => {
        type Stored = { id: string; group_id: string; name: string; old_version: number; version: number };
        const [stored] = await this.sql.rows<Stored>(SUBSCRIPTION_STORE, [row.id, JSON.stringify(fetched.events), fetched.etag, fetched.lastModified, now]);
        // new events: a history row (by the system), so the members' open calendars hear of it and refetch
        if (stored && stored.version !== stored.old_version) {
          const changes = { version: { old: stored.old_version, new: stored.version } };
          await recordChange(manager, CalendarSubscription, { id: stored.id, groupId: stored.group_id, name: stored.name }, 'Updated', changes);
        }
      });
      return true;
    }
    const problem = fetched.kind === 'failed' ? fetched : null;
    const params = problem ? JSON.stringify(problem.params) : null;
    await this.sql.rows(SUBSCRIPTION_CHECKED, [row.id, now, problem?.reason.slice(0, 500) ?? null, problem?.code ?? null, params]);
    if (fetched.kind === 'failed') this.logger.warn({ subscriptionId: row.id, reason: fetched.reason }, 'outside calendar not fetched');
    return false;
  }

  private async fetch(url: string, etag: string | null, lastModified: string | null): Promise<FetchResult> {
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Hearth calendar' };
    if (etag) headers['if-none-match'] = etag;
    if (lastModified) headers['if-modified-since'] = lastModified;
    let answer;
    try {
      answer = await getSafely(url, headers, {
        allowPrivate: this.config.notifications.allowPrivateUrls,
        timeoutMs: SUBSCRIPTION_TIMEOUT_MS,
        maxRedirects: MAX_REDIRECTS,
        maxBytes: SUBSCRIPTION_MAX_BYTES,
      });
    } catch (error) {
      if (error instanceof AddressRefused) return failed('ADDRESS_REFUSED', 'the address is not one this server may fetch');
      const maxMb = Math.round(SUBSCRIPTION_MAX_BYTES / (1024 * 1024));
      if (error instanceof AnswerTooLarge) return failed('TOO_LARGE', `the calendar is larger than ${maxMb} MB`, { maxMb });
      const seconds = Math.round(SUBSCRIPTION_TIMEOUT_MS / 1000);
      if (error instanceof DeadlineExceeded) return failed('TIMED_OUT', `no answer within ${seconds} seconds`, { seconds });
      return failed('UNREACHABLE', `the address could not be reached (${(error as Error).message})`);
    }
    if (answer.status === 304) return { kind: 'unchanged' };
    if (answer.status !== 200) return failed('HTTP_STATUS', `the address answered ${answer.status}`, { status: answer.status });
    try {
      const { events } = readCalendar(answer.body.toString('utf8'), { defaultZone: 'UTC', maxEvents: SUBSCRIPTION_MAX_EVENTS });
      const header = (name: string) => {
        const value = answer.headers[name];
        return typeof value === 'string' && value.length <= 500 ? value : null;
      };
      return { kind: 'content', events, etag: header('etag'), lastModified: header('last-modified') };
    } catch (error) {
      if (error instanceof IcsParseError) return failed('NOT_A_CALENDAR', `the answer is not a calendar (${error.message})`);
      throw error;
    }
  }

  /** The layer: every kept event's occurrences in the window, expanded as the calendar expands its own. */
  async occurrences(request: LayerRequest): Promise<LayerOccurrence[]> {
    const out: LayerOccurrence[] = [];
    for (const subscription of await this.eventsOf(request.user.groupId)) {
      for (const event of subscription.events) {
        for (const o of expandOutside(event, request.window)) {
          out.push({
            entityId: subscription.id,
            occurrenceId: `${subscription.id}:${event.uid}:${o.key}`,
            title: o.title,
            start: o.start,
            end: o.end,
            allDay: event.allDay,
            timeZone: event.timeZone,
            color: subscription.color,
            attendees: 'group',
          });
        }
      }
    }
    return out;
  }
}

/**
 * An outside event's occurrences in a window: its rule expanded by the calendar's rules when the
 * calendar takes that rule, else its first occurrence only; changed occurrences replace theirs.
 */
export function expandOutside(event: IcsEvent, window: OccurrenceWindow): { key: string; start: string; end: string; title: string }[] {
  const checked = event.rrule ? calendarRules().checkRrule(event.rrule) : null;
  const rrule = checked && checked.ok ? checked.rrule : null;
  const changed = new Map((event.exceptions ?? []).map((x) => [x.originalStart, x]));
  const times = {
    allDay: event.allDay,
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    rrule,
    exdates: [...(event.exdates ?? []), ...changed.keys()],
  };
  let occurrences;
  try {
    occurrences = calendarRules().expandSeries(times, window);
  } catch {
    return [];
  }
  const out = occurrences.map((o) => ({ ...o, title: event.title }));
  if (rrule) {
    const overlaps = (x: { start: string; end: string }) =>
      event.allDay
        ? x.start <= window.toDate && x.end > window.fromDate
        : Date.parse(x.start) < window.to.getTime() && Date.parse(x.end) > window.from.getTime();
    for (const x of changed.values())
      if (x.allDay === event.allDay && overlaps(x)) out.push({ key: x.originalStart, start: x.start, end: x.end, title: x.title });
  }
  return out;
}
