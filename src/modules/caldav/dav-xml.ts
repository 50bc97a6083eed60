import type * as FastXml from 'fast-xml-parser';
import { onFirstUse } from '../../common/first-use';

/** fast-xml-parser (~0.3 MB of heap) loads with the first CalDAV body read or written, not with every process. */
const xml = onFirstUse(() => require('fast-xml-parser') as typeof FastXml);

/**
 * The WebDAV bodies CalDAV speaks (RFC 4918, RFC 4791, RFC 6578), read and written with
 * fast-xml-parser. Requests are read by local name (the prefixes clients choose vary; the names
 * CalDAV clients send do not collide across namespaces); answers are written with fixed prefixes.
 */

export const NS = {
  d: 'DAV:',
  c: 'urn:ietf:params:xml:ns:caldav',
  cs: 'http://calendarserver.org/ns/',
  ic: 'http://apple.com/ns/ical/',
} as const;
type Prefix = keyof typeof NS;

/** Properties answered, by local name, with the prefix of their namespace. */
const PREFIX_OF: Record<string, Prefix> = {
  getctag: 'cs',
  'calendar-color': 'ic',
  'calendar-order': 'ic',
  'calendar-home-set': 'c',
  'calendar-data': 'c',
  'calendar-description': 'c',
  'calendar-timezone': 'c',
  'supported-calendar-component-set': 'c',
  'supported-calendar-data': 'c',
  'calendar-user-address-set': 'c',
  'schedule-inbox-URL': 'c',
  'schedule-outbox-URL': 'c',
  'max-resource-size': 'c',
};

/** A property named as `prefix:local` (`d:getetag`, `cs:getctag`). */
export type PropName = string;

export const qualify = (local: string): PropName => `${PREFIX_OF[local] ?? 'd'}:${local}`;

/** The most of a request body that is read, and of the elements in it. */
export const MAX_DAV_BODY_BYTES = 1024 * 1024;
const MAX_ELEMENTS = 20_000;

export class DavBadRequest extends Error {}

type Node = Record<string, unknown>;

function parse(text: string): Node {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new DavBadRequest('XML with a document type is refused');
  if ((text.match(/</g)?.length ?? 0) > MAX_ELEMENTS * 2) throw new DavBadRequest('too many elements');
  const { XMLParser, XMLValidator } = xml();
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new DavBadRequest(`malformed XML: ${valid.err.msg}`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: true,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
  }).parse(text) as Node;
}

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const node = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value ? String((value as Node)['#text'] ?? '') : '';

function propNames(prop: unknown): PropName[] {
  return Object.keys(node(list(prop)[0]))
    .filter((key) => !key.startsWith('@') && key !== '#text')
    .map(qualify);
}

export type DavRequest =
  | { kind: 'propfind'; props: PropName[] | 'all' }
  | { kind: 'calendar-query'; props: PropName[] | 'all'; timeRange: { start: string | null; end: string | null } | null }
  | { kind: 'calendar-multiget'; props: PropName[] | 'all'; hrefs: string[] }
  | { kind: 'sync-collection'; props: PropName[] | 'all'; syncToken: string; limit: number | null }
  | { kind: 'unsupported'; name: string };

/** A PROPFIND body (empty: all properties). */
export function readPropfind(body: string): DavRequest {
  if (!body.trim()) return { kind: 'propfind', props: 'all' };
  const root = node(parse(body).propfind);
  if ('prop' in root) return { kind: 'propfind', props: propNames(root.prop) };
  return { kind: 'propfind', props: 'all' };
}

/** The properties a PROPPATCH body sets or removes. */
export function readProppatch(body: string): PropName[] {
  if (!body.trim()) return [];
  const root = node(parse(body).propertyupdate);
  const names: PropName[] = [];
  for (const key of ['set', 'remove']) for (const item of list(root[key])) names.push(...propNames(node(item).prop));
  return names;
}

/** A time in iCalendar UTC form (`20260301T000000Z`) as an ISO instant. */
function utcTime(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z` : null;
}

/** Finds the first `time-range` anywhere under a filter. */
function findTimeRange(value: unknown): Node | null {
  for (const item of list(value)) {
    const n = node(item);
    if ('time-range' in n) return node(list(n['time-range'])[0]);
    for (const [key, child] of Object.entries(n)) {
      if (key.startsWith('@') || key === '#text') continue;
      const found = findTimeRange(child);
      if (found) return found;
    }
  }
  return null;
}

/** A REPORT body. */
export function readReport(body: string): DavRequest {
  const doc = parse(body);
  const name = Object.keys(doc).find((key) => !key.startsWith('@') && key !== '#text' && key !== '?xml') ?? '';
  const root = node(list(doc[name])[0]);
  const props = 'prop' in root ? propNames(root.prop) : 'all';
  switch (name) {
    case 'calendar-query': {
      const range = findTimeRange(root.filter);
      return {
        kind: 'calendar-query',
        props,
        timeRange: range ? { start: utcTime(range['@start'] as string | undefined), end: utcTime(range['@end'] as string | undefined) } : null,
      };
    }
    case 'calendar-multiget':
      return { kind: 'calendar-multiget', props, hrefs: list(root.href).map(textOf).filter(Boolean) };
    case 'sync-collection': {
      const limit = Number(textOf(list(node(list(root.limit)[0]).nresults)[0]));
      return { kind: 'sync-collection', props, syncToken: textOf(list(root['sync-token'])[0]), limit: Number.isFinite(limit) && limit > 0 ? limit : null };
    }
    default:
      return { kind: 'unsupported', name };
  }
}

/** A property's value for the builder: text, or elements (`{ 'd:collection': '' }`). */
export type PropValue = string | Node;

export interface DavResponse {
  href: string;
  /** found properties; the ones asked for and not here are answered 404 */
  props?: Record<PropName, PropValue>;
  notFound?: PropName[];
  /** properties a client may not change (PROPPATCH) */
  forbidden?: PropName[];
  /** a whole-response status (a deleted member in sync-collection) */
  status?: number;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 404: 'Not Found', 507: 'Insufficient Storage' };
const statusLine = (code: number) => `HTTP/1.1 ${code} ${STATUS_TEXT[code] ?? ''}`.trimEnd();

const builder = onFirstUse(() => new (xml().XMLBuilder)({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, format: false }));

const namespaces = Object.fromEntries(Object.entries(NS).map(([prefix, uri]) => [`@_xmlns:${prefix}`, uri]));

/** A multistatus document (207). */
export function multistatus(responses: DavResponse[], syncToken?: string): string {
  const body: Node = {
    ...namespaces,
    'd:response': responses.map((r) => {
      const out: Node = { 'd:href': r.href };
      if (r.status) {
        out['d:status'] = statusLine(r.status);
        return out;
      }
      const propstat: Node[] = [];
      if (r.props && Object.keys(r.props).length) propstat.push({ 'd:prop': r.props, 'd:status': statusLine(200) });
      if (r.notFound?.length) propstat.push({ 'd:prop': Object.fromEntries(r.notFound.map((name) => [name, ''])), 'd:status': statusLine(404) });
      if (r.forbidden?.length) propstat.push({ 'd:prop': Object.fromEntries(r.forbidden.map((name) => [name, ''])), 'd:status': statusLine(403) });
      if (!propstat.length) propstat.push({ 'd:prop': '', 'd:status': statusLine(200) });
      out['d:propstat'] = propstat;
      return out;
    }),
  };
  if (syncToken !== undefined) body['d:sync-token'] = syncToken;
  return builder().build({ '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' }, 'd:multistatus': body });
}

/** A WebDAV error body (`<d:error><d:valid-sync-token/></d:error>`, `<c:supported-report/>`…). */
export function davError(condition: PropName): string {
  return builder().build({ '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' }, 'd:error': { ...namespaces, [condition]: '' } });
}

/** Picks the asked properties out of what a resource has: found ones, and the names not found. */
export function pick(available: Record<PropName, PropValue>, asked: PropName[] | 'all', allprop: PropName[]): Pick<DavResponse, 'props' | 'notFound'> {
  const names = asked === 'all' ? allprop.filter((name) => name in available) : asked;
  const props: Record<PropName, PropValue> = {};
  const notFound: PropName[] = [];
  for (const name of names) {
    if (name in available) props[name] = available[name];
    else notFound.push(name);
  }
  return { props, notFound };
}
