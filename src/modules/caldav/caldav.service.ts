import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { AppError } from '../../common/errors/app-error';
import { CalendarLayers } from '../calendar/calendar-layers';
import { CalendarRepository } from '../calendar/calendar.repository';
import { CalendarService } from '../calendar/calendar.service';
import type { CalendarLayer } from '../calendar/dto/event-input.dto';
import { CalendarIcsRepository, type StoredIcsEvent } from '../calendar/ical/calendar-ics.repository';
import { IcsApplyService } from '../calendar/ical/ics-apply.service';
import type { IcsEvent } from '../calendar/ical/ics-event';
import { IcsParseError, readCalendar } from '../calendar/ical/ics-reader';
import { writeEvent } from '../calendar/ical/ics-writer';
import { layerEvents } from '../calendar/ical/layer-events';
import { CalendarSubscriptionsService } from '../calendar/subscriptions/subscriptions.service';
import { NotificationSettingsService } from '../notifications/notification-settings.service';
import {
  davError,
  DavBadRequest,
  type DavRequest,
  type DavResponse,
  multistatus,
  pick,
  type PropName,
  type PropValue,
  readPropfind,
  readProppatch,
  readReport,
} from './dav-xml';

/**
 * The CalDAV adapter (RFC 4791, RFC 6578, RFC 6764): WebDAV requests turned into calls of the
 * calendar's service and reads, and their answers into multistatus XML and iCalendar. It keeps no
 * calendar of its own.
 *
 *   /dav/                                      the root: names the caller's principal
 *   /dav/principals/{username}/                the principal: names the calendar home
 *   /dav/calendars/{username}/                 the home
 *   /dav/calendars/{username}/family/          the group's calendar, read and write ({uid}.ics)
 *   /dav/calendars/{username}/bills/ …         read-only layers: bills, reminders, birthdays
 *   /dav/calendars/{username}/sub-{id}/        read-only: each outside calendar
 */

export const DAV_ROOT = '/dav/';
export const DAV_HEADER = '1, 2, 3, calendar-access';
export const DAV_ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
const SYNC_PREFIX = 'http://hearth.invalid/ns/sync/';
const FAMILY = 'family';
const LAYER_CALENDARS = ['bills', 'reminders', 'birthdays'] as const;
type LayerCalendar = (typeof LAYER_CALENDARS)[number];
/** The most a PUT body may be. */
export const MAX_ICS_BYTES = 1024 * 1024;
const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; component=vevent';

export interface DavAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

interface DavCaller {
  user: AuthUser;
  username: string;
}

type Calendar =
  | { kind: 'family'; name: string; displayName: string; color: string; writable: true }
  | { kind: 'layer'; layer: LayerCalendar; name: string; displayName: string; color: string; writable: false }
  | { kind: 'subscription'; id: string; name: string; displayName: string; color: string; writable: false; version: number };

type Target =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'calendar'; calendar: string }
  | { kind: 'object'; calendar: string; uid: string }
  | { kind: 'other' };

const xml = (status: number, body: string, headers: Record<string, string> = {}): DavAnswer => ({
  status,
  headers: { 'content-type': 'application/xml; charset=utf-8', ...headers },
  body,
});
const text = (status: number, body: string): DavAnswer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `${body}\n` });

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/** An If-Match / If-None-Match header's entity tags ('*' alone stays '*'). */
function tagsOf(header: string | undefined): string[] | '*' | null {
  if (header === undefined) return null;
  if (header.trim() === '*') return '*';
  return header.split(',').map((t) => t.trim().replace(/^W\//, ''));
}

const LAYER_NAMES: Record<LayerCalendar, string> = { bills: 'Bills', reminders: 'Reminders', birthdays: 'Birthdays' };
const LAYER_COLORS: Record<LayerCalendar, string> = { bills: '#D97706', reminders: '#9333EA', birthdays: '#DB2777' };
const LAYER_OF: Record<LayerCalendar, Exclude<CalendarLayer, 'events'>> = { bills: 'bills', reminders: 'reminders', birthdays: 'birthdays' };

@Injectable()
export class CaldavService {
  constructor(
    private readonly clock: Clock,
    private readonly calendar: CalendarService,
    private readonly changes: CalendarRepository,
    private readonly events: CalendarIcsRepository,
    private readonly apply: IcsApplyService,
    private readonly layers: CalendarLayers,
    private readonly subscriptions: CalendarSubscriptionsService,
    private readonly settings: NotificationSettingsService,
  ) {}

  // ---- addresses

  private home(caller: DavCaller): string {
    return `${DAV_ROOT}calendars/${encodeURIComponent(caller.username)}/`;
  }
  private principal(caller: DavCaller): string {
    return `${DAV_ROOT}principals/${encodeURIComponent(caller.username)}/`;
  }
  private calendarHref(caller: DavCaller, name: string): string {
    return `${this.home(caller)}${name}/`;
  }
  private objectHref(caller: DavCaller, calendar: string, uid: string): string {
    return `${this.calendarHref(caller, calendar)}${encodeURIComponent(uid)}.ics`;
  }

  /** What a path names, for this caller (another person's principal or home is 'other': 404). */
  private target(caller: DavCaller, path: string): Target {
    const parts = path
      .split('?')[0]
      .split('/')
      .filter(Boolean)
      .map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return '\u0000';
        }
      });
    if (parts[0] !== 'dav') return { kind: 'other' };
    if (parts.length === 1) return { kind: 'root' };
    if (parts[2] !== caller.username) return { kind: 'other' };
    if (parts[1] === 'principals' && parts.length === 3) return { kind: 'principal' };
    if (parts[1] !== 'calendars') return { kind: 'other' };
    if (parts.length === 3) return { kind: 'home' };
    if (parts.length === 4) return { kind: 'calendar', calendar: parts[3] };
    if (parts.length === 5 && parts[4].endsWith('.ics')) return { kind: 'object', calendar: parts[3], uid: parts[4].slice(0, -4) };
    return { kind: 'other' };
  }

  private async calendars(caller: DavCaller): Promise<Calendar[]> {
    const out: Calendar[] = [{ kind: 'family', name: FAMILY, displayName: 'Family', color: '#2563EB', writable: true }];
    const allowed = new Set(this.layers.allowed(caller.user));
    for (const layer of LAYER_CALENDARS) {
      if (allowed.has(LAYER_OF[layer]))
        out.push({ kind: 'layer', layer, name: layer, displayName: LAYER_NAMES[layer], color: LAYER_COLORS[layer], writable: false });
    }
    for (const s of await this.subscriptions.eventsOf(caller.user.groupId)) {
      out.push({ kind: 'subscription', id: s.id, name: `sub-${s.id}`, displayName: s.name, color: s.color, writable: false, version: s.version });
    }
    return out;
  }

  private async calendarNamed(caller: DavCaller, name: string): Promise<Calendar | null> {
    if (name === FAMILY) return { kind: 'family', name: FAMILY, displayName: 'Family', color: '#2563EB', writable: true };
    if ((LAYER_CALENDARS as readonly string[]).includes(name)) {
      const layer = name as LayerCalendar;
      return this.layers.allowed(caller.user).includes(LAYER_OF[layer])
        ? { kind: 'layer', layer, name, displayName: LAYER_NAMES[layer], color: LAYER_COLORS[layer], writable: false }
        : null;
    }
    const id = /^sub-([0-9a-f-]{36})$/.exec(name)?.[1];
    if (!id) return null;
    const [s] = await this.subscriptions.eventsOf(caller.user.groupId, [id]);
    return s ? { kind: 'subscription', id: s.id, name, displayName: s.name, color: s.color, writable: false, version: s.version } : null;
  }

  /** A read-only calendar's events (an outside calendar's as kept; a layer's as single events over the feeds' reach). */
  private async readOnlyEvents(caller: DavCaller, calendar: Exclude<Calendar, { kind: 'family' }>): Promise<IcsEvent[]> {
    if (calendar.kind === 'subscription') return (await this.subscriptions.eventsOf(caller.user.groupId, [calendar.id]))[0]?.events ?? [];
    const zone = await this.zoneOf(caller);
    return layerEvents(this.layers, LAYER_OF[calendar.layer], caller.user, zone, this.clock.now());
  }

  private async zoneOf(caller: DavCaller): Promise<string> {
    try {
      return (await this.settings.get(caller.user.userId)).timeZone ?? 'UTC';
    } catch {
      return 'UTC';
    }
  }

  // ---- requests

  async propfind(caller: DavCaller, path: string, depth: string, body: string): Promise<DavAnswer> {
    let request: DavRequest;
    try {
      request = readPropfind(body);
    } catch (error) {
      return this.badRequest(error);
    }
    if (request.kind !== 'propfind') return text(400, 'not a PROPFIND body');
    const target = this.target(caller, path);
    const deep = depth === '1' || depth === 'infinity';
    const asked = request.props;
    const responses: DavResponse[] = [];
    switch (target.kind) {
      case 'root':
        responses.push(this.respond(DAV_ROOT, this.rootProps(caller), asked));
        break;
      case 'principal':
        responses.push(this.respond(this.principal(caller), this.principalProps(caller), asked));
        break;
      case 'home': {
        responses.push(this.respond(this.home(caller), this.homeProps(caller), asked));
        if (deep)
          for (const c of await this.calendars(caller))
            responses.push(this.respond(this.calendarHref(caller, c.name), await this.calendarProps(caller, c), asked));
        break;
      }
      case 'calendar': {
        const calendar = await this.calendarNamed(caller, target.calendar);
        if (!calendar) return text(404, 'No such calendar');
        responses.push(this.respond(this.calendarHref(caller, calendar.name), await this.calendarProps(caller, calendar), asked));
        if (deep) for (const item of await this.objectsOf(caller, calendar, null)) responses.push(this.objectResponse(caller, calendar, item, asked));
        break;
      }
      case 'object': {
        const calendar = await this.calendarNamed(caller, target.calendar);
        const item = calendar ? (await this.objectsOf(caller, calendar, [target.uid]))[0] : undefined;
        if (!calendar || !item) return text(404, 'Not found');
        responses.push(this.objectResponse(caller, calendar, item, asked));
        break;
      }
      default:
        return text(404, 'Not found');
    }
    return xml(207, multistatus(responses));
  }

  /** PROPPATCH: nothing here is changed by a client (names and colours are the app's): each property is 403. */
  async proppatch(caller: DavCaller, path: string, body: string): Promise<DavAnswer> {
    if (this.target(caller, path).kind === 'other') return text(404, 'Not found');
    let names: PropName[];
    try {
      names = readProppatch(body);
    } catch (error) {
      return this.badRequest(error);
    }
    return xml(207, multistatus([{ href: path.split('?')[0], forbidden: names }]));
  }

  async report(caller: DavCaller, path: string, body: string): Promise<DavAnswer> {
    let request: DavRequest;
    try {
      request = readReport(body);
    } catch (error) {
      return this.badRequest(error);
    }
    const target = this.target(caller, path);
    if (target.kind !== 'calendar') return xml(403, davError('d:supported-report'));
    const calendar = await this.calendarNamed(caller, target.calendar);
    if (!calendar) return text(404, 'No such calendar');
    switch (request.kind) {
      case 'calendar-query': {
        const range = request.timeRange;
        const items = await this.objectsOf(
          caller,
          calendar,
          null,
          range ? { from: range.start ? new Date(range.start) : null, to: range.end ? new Date(range.end) : null } : null,
        );
        return xml(207, multistatus(items.map((item) => this.objectResponse(caller, calendar, item, request.props))));
      }
      case 'calendar-multiget': {
        const wanted = request.hrefs.map((href) => ({ href, uid: this.uidOfHref(caller, calendar, href) }));
        const items = await this.objectsOf(
          caller,
          calendar,
          wanted.map((w) => w.uid).filter((uid): uid is string => uid !== null),
        );
        const byUid = new Map(items.map((item) => [item.uid, item]));
        return xml(
          207,
          multistatus(
            wanted.map((w) => {
              const item = w.uid !== null ? byUid.get(w.uid) : undefined;
              return item ? this.objectResponse(caller, calendar, item, request.props) : { href: w.href, status: 404 };
            }),
          ),
        );
      }
      case 'sync-collection':
        if (calendar.kind !== 'family') return xml(403, davError('d:supported-report'));
        return this.syncCollection(caller, calendar, request.syncToken, request.props);
      default:
        return xml(403, davError('d:supported-report'));
    }
  }

  /** RFC 6578: what changed since the token (changed members with their properties, deleted ones 404), and the new token. */
  private async syncCollection(caller: DavCaller, calendar: Calendar, token: string, asked: PropName[] | 'all'): Promise<DavAnswer> {
    const latest = await this.changes.latestSeq(caller.user.groupId);
    if (!token) {
      const items = await this.objectsOf(caller, calendar, null);
      return xml(
        207,
        multistatus(
          items.map((item) => this.objectResponse(caller, calendar, item, asked)),
          SYNC_PREFIX + latest,
        ),
      );
    }
    const seq = token.startsWith(SYNC_PREFIX) ? token.slice(SYNC_PREFIX.length) : '';
    if (!/^\d{1,18}$/.test(seq) || BigInt(seq) > BigInt(latest)) return xml(403, davError('d:valid-sync-token'));
    // nothing since: the answer without reading the change log
    if (seq === latest) return xml(207, multistatus([], SYNC_PREFIX + seq));
    const changes = await this.changes.changesSince(caller.user.groupId, seq);
    if (!changes.length) return xml(207, multistatus([], SYNC_PREFIX + seq));
    const newest = changes[changes.length - 1].seq;
    const visible = changes.filter((c) => !c.deleted && (c.private_to === null || c.private_to === caller.user.userId));
    const items = (
      await this.events.byIds(
        caller.user,
        visible.map((c) => c.event_id),
      )
    ).map(davObject);
    const found = new Set(items.map((item) => item.uid));
    const responses: DavResponse[] = items.map((item) => this.objectResponse(caller, calendar, item, asked));
    for (const c of changes) if (!found.has(c.uid)) responses.push({ href: this.objectHref(caller, calendar.name, c.uid), status: 404 });
    return xml(207, multistatus(responses, SYNC_PREFIX + newest));
  }

  async get(caller: DavCaller, path: string, head: boolean): Promise<DavAnswer> {
    const target = this.target(caller, path);
    if (target.kind === 'root' || target.kind === 'principal' || target.kind === 'home' || target.kind === 'calendar') {
      return {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: head ? '' : 'Hearth CalDAV: add this address to a calendar app.\n',
      };
    }
    if (target.kind !== 'object') return text(404, 'Not found');
    const calendar = await this.calendarNamed(caller, target.calendar);
    const item = calendar ? (await this.objectsOf(caller, calendar, [target.uid]))[0] : undefined;
    if (!calendar || !item) return text(404, 'Not found');
    return { status: 200, headers: { 'content-type': CALENDAR_CONTENT_TYPE, etag: item.etag }, body: head ? '' : item.ics };
  }

  async put(caller: DavCaller, path: string, headers: Record<string, string | undefined>, body: string): Promise<DavAnswer> {
    const target = this.target(caller, path);
    if (target.kind !== 'object') return text(target.kind === 'other' ? 404 : 405, 'Only calendar objects ({uid}.ics) are written');
    const calendar = await this.calendarNamed(caller, target.calendar);
    if (!calendar) return text(404, 'No such calendar');
    if (!calendar.writable) return xml(403, davError('d:need-privileges'));
    if (Buffer.byteLength(body) > MAX_ICS_BYTES) return text(413, 'A calendar object may be at most 1 MB');
    let event: IcsEvent;
    try {
      const zone = await this.zoneOf(caller);
      const { events } = readCalendar(body, { defaultZone: zone, maxEvents: 2 });
      if (events.length !== 1) return xml(400, davError('c:valid-calendar-object-resource'));
      event = events[0];
    } catch (error) {
      if (error instanceof IcsParseError) return xml(400, davError('c:valid-calendar-data'));
      throw error;
    }
    const existing = await this.calendar.getByUid(caller.user, target.uid !== event.uid ? event.uid : target.uid);
    const ifMatch = tagsOf(headers['if-match']);
    const ifNoneMatch = tagsOf(headers['if-none-match']);
    if (ifNoneMatch === '*' && existing) return text(412, 'The calendar object exists already');
    if (ifMatch !== null && (!existing || (ifMatch !== '*' && !ifMatch.includes(existing.etag)))) return text(412, 'The calendar object has changed');
    const version = existing && ifMatch !== null && ifMatch !== '*' ? Number(existing.etag.replace(/"/g, '')) : undefined;
    try {
      const { event: stored, created } = await this.apply.upsert(caller.user, event, existing, version);
      return { status: created ? 201 : 204, headers: { etag: stored.etag } };
    } catch (error) {
      return this.appError(error);
    }
  }

  async delete(caller: DavCaller, path: string, headers: Record<string, string | undefined>): Promise<DavAnswer> {
    const target = this.target(caller, path);
    if (target.kind === 'other') return text(404, 'Not found');
    if (target.kind !== 'object') return xml(403, davError('d:need-privileges'));
    const calendar = await this.calendarNamed(caller, target.calendar);
    if (!calendar) return text(404, 'No such calendar');
    if (!calendar.writable) return xml(403, davError('d:need-privileges'));
    const existing = await this.calendar.getByUid(caller.user, target.uid);
    if (!existing) return text(404, 'Not found');
    const ifMatch = tagsOf(headers['if-match']);
    if (ifMatch !== null && ifMatch !== '*' && !ifMatch.includes(existing.etag)) return text(412, 'The calendar object has changed');
    try {
      await this.calendar.remove(caller.user, existing.id, ifMatch !== null && ifMatch !== '*' ? Number(existing.etag.replace(/"/g, '')) : undefined);
      return { status: 204 };
    } catch (error) {
      return this.appError(error);
    }
  }

  // ---- properties

  private respond(href: string, available: Record<PropName, PropValue>, asked: PropName[] | 'all'): DavResponse {
    return {
      href,
      ...pick(
        available,
        asked,
        Object.keys(available).filter((name) => name !== 'c:calendar-data'),
      ),
    };
  }

  private commonProps(caller: DavCaller): Record<PropName, PropValue> {
    return {
      'd:current-user-principal': { 'd:href': this.principal(caller) },
      'd:principal-collection-set': { 'd:href': `${DAV_ROOT}principals/` },
      'd:owner': { 'd:href': this.principal(caller) },
    };
  }

  private rootProps(caller: DavCaller): Record<PropName, PropValue> {
    return {
      'd:resourcetype': { 'd:collection': '' },
      'd:displayname': 'Hearth',
      ...this.commonProps(caller),
      'd:current-user-privilege-set': privileges(false),
    };
  }

  private principalProps(caller: DavCaller): Record<PropName, PropValue> {
    return {
      'd:resourcetype': { 'd:principal': '', 'd:collection': '' },
      'd:displayname': caller.user.nickname,
      'd:principal-URL': { 'd:href': this.principal(caller) },
      'c:calendar-home-set': { 'd:href': this.home(caller) },
      'c:calendar-user-address-set': { 'd:href': this.principal(caller) },
      ...this.commonProps(caller),
      'd:current-user-privilege-set': privileges(false),
    };
  }

  private homeProps(caller: DavCaller): Record<PropName, PropValue> {
    return {
      'd:resourcetype': { 'd:collection': '' },
      'd:displayname': 'Calendars',
      ...this.commonProps(caller),
      'd:current-user-privilege-set': privileges(false),
    };
  }

  private async calendarProps(caller: DavCaller, calendar: Calendar): Promise<Record<PropName, PropValue>> {
    const props: Record<PropName, PropValue> = {
      'd:resourcetype': { 'd:collection': '', 'c:calendar': '' },
      'd:displayname': calendar.displayName,
      'ic:calendar-color': `${calendar.color}FF`,
      'c:supported-calendar-component-set': { 'c:comp': { '@_name': 'VEVENT' } },
      'c:supported-calendar-data': { 'c:calendar-data': { '@_content-type': 'text/calendar', '@_version': '2.0' } },
      'c:max-resource-size': String(MAX_ICS_BYTES),
      'd:current-user-privilege-set': privileges(calendar.writable),
      'd:supported-report-set': {
        'd:supported-report': [
          { 'd:report': { 'c:calendar-query': '' } },
          { 'd:report': { 'c:calendar-multiget': '' } },
          ...(calendar.kind === 'family' ? [{ 'd:report': { 'd:sync-collection': '' } }] : []),
        ],
      },
      ...this.commonProps(caller),
    };
    if (calendar.kind === 'family') {
      const seq = await this.changes.latestSeq(caller.user.groupId);
      props['cs:getctag'] = `"${seq}"`;
      props['d:sync-token'] = SYNC_PREFIX + seq;
    } else if (calendar.kind === 'subscription') {
      props['cs:getctag'] = `"${calendar.version}"`;
    } else {
      const items = await this.objectsOf(caller, calendar, null);
      props['cs:getctag'] = `"${hash(items.map((i) => i.etag).join(','))}"`;
    }
    return props;
  }

  private objectResponse(caller: DavCaller, calendar: Calendar, item: DavObject, asked: PropName[] | 'all'): DavResponse {
    const available: Record<PropName, PropValue> = {
      'd:getetag': item.etag,
      'd:getcontenttype': CALENDAR_CONTENT_TYPE,
      'd:resourcetype': '',
      'c:calendar-data': item.ics,
    };
    const response = this.respond(this.objectHref(caller, calendar.name, item.uid), available, asked);
    // an empty resourcetype is a found property (an ordinary resource), not a missing one
    return response;
  }

  // ---- objects

  private uidOfHref(caller: DavCaller, calendar: Calendar, href: string): string | null {
    let path = href;
    try {
      path = new URL(href, 'http://x').pathname;
    } catch {
      return null;
    }
    const prefix = this.calendarHref(caller, calendar.name);
    if (!path.startsWith(prefix) && !decodeURIComponent(path).startsWith(decodeURIComponent(prefix))) return null;
    const last = path.split('/').pop() ?? '';
    if (!last.endsWith('.ics')) return null;
    try {
      return decodeURIComponent(last.slice(0, -4));
    } catch {
      return null;
    }
  }

  /** A calendar's objects (all, the UIDs named, or those that may fall in a range). */
  private async objectsOf(
    caller: DavCaller,
    calendar: Calendar,
    uids: string[] | null,
    range: { from: Date | null; to: Date | null } | null = null,
  ): Promise<DavObject[]> {
    if (calendar.kind === 'family') {
      let stored: StoredIcsEvent[];
      if (uids) stored = await this.events.byUids(caller.user, uids);
      else if (range && (range.from || range.to))
        stored = await this.events.inRange(caller.user, range.from ?? new Date(0), range.to ?? new Date('9999-12-31T00:00:00Z'));
      else stored = await this.events.visible(caller.user);
      return stored.map(davObject);
    }
    let events = await this.readOnlyEvents(caller, calendar);
    if (uids) {
      const wanted = new Set(uids);
      events = events.filter((e) => wanted.has(e.uid));
    }
    return events.map((event) => {
      const ics = writeEvent(event);
      return { uid: event.uid, etag: `"${hash(ics)}"`, ics };
    });
  }

  // ---- errors

  private badRequest(error: unknown): DavAnswer {
    if (error instanceof DavBadRequest) return text(400, error.message);
    throw error;
  }

  private appError(error: unknown): DavAnswer {
    if (error instanceof AppError) {
      if (error.status === 412) return text(412, 'The calendar object has changed');
      if (error.status >= 400 && error.status < 500)
        return text(error.status === 409 ? 409 : error.status === 403 ? 403 : 400, `${error.code}: ${error.message}`);
    }
    throw error;
  }
}

interface DavObject {
  uid: string;
  etag: string;
  readonly ics: string;
}

/** A stored event as a calendar object; its iCalendar written only when asked for. */
function davObject(event: StoredIcsEvent): DavObject {
  return {
    uid: event.uid,
    etag: event.etag,
    get ics() {
      return writeEvent(event);
    },
  };
}

function privileges(write: boolean): PropValue {
  const granted = write
    ? ['d:read', 'd:write', 'd:write-content', 'd:write-properties', 'd:bind', 'd:unbind', 'c:read-free-busy']
    : ['d:read', 'c:read-free-busy'];
  return { 'd:privilege': granted.map((name) => ({ [name]: '' })) };
}
