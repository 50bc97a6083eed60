import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * HTTP requests to addresses users give (webhook URLs, push endpoints). Unless private URLs are
 * allowed, a name resolving to a loopback, private, link-local or otherwise non-public address is
 * refused, checked on the address the connection really uses (so a name that changes its answer
 * between the check and the request gains nothing), and again at every redirect.
 */

/** The most of an answer that is read (its status is what counts; a few KB are enough for a log line). */
export const MAX_ANSWER_BYTES = 4096;

const NAT64 = ipaddr.IPv6.parse('64:ff9b::');

/** The IPv4 address an IPv6 one carries and stands for: IPv4-mapped and -translated, NAT64 (64:ff9b::/96), 6to4. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [, b, c, , , , g, h] = address.parts;
  const ofWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ofWords(g, h);
    case 'rfc6052':
      // the well-known prefix; the local-use 64:ff9b:1::/48 is refused whatever it carries
      return address.match(NAT64, 96) ? ofWords(g, h) : null;
    case '6to4':
      return ofWords(b, c);
    default:
      return null;
  }
}

/**
 * Whether an IP address is not a public one: anything but plain unicast in the special-purpose
 * registries (ipaddr.js's ranges: private, loopback, link-local, shared, multicast, reserved,
 * documentation, benchmarking, …); IPv6 forms that carry an IPv4 address (IPv4-mapped and
 * -translated, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address; IPv4-compatible
 * `::/96`, the local-use NAT64 prefix 64:ff9b:1::/48 and site-local fec0::/10 are refused whole.
 * Anything that is not an address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  if (!isIP(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // ::/96 (IPv4-compatible, deprecated; `::` and `::1` among them)
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return true;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() !== 'unicast';
  // fec0::/10 (site-local, deprecated) is not among ipaddr.js's ranges
  if ((v6.parts[0] & 0xffc0) === 0xfec0) return true;
  return v6.range() !== 'unicast';
}

/**
 * A call the address rule does not allow. A host that resolves to a refused address and one that
 * does not resolve at all get the same message, so the answer tells nothing about a private network.
 */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    reason = 'the address does not resolve to a public address',
  ) {
    super(reason);
  }
}

/** Every address `host` resolves to (an IP literal: itself). */
export function resolveAll(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return Promise.resolve([{ address: bare, family: isIP(bare) }]);
  return new Promise((resolve, reject) => dnsLookup(bare, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Refuses a URL whose host does not resolve, or resolves to any non-public address (unless allowed). */
export async function assertPublicUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const addresses = await resolveAll(url.hostname).catch(() => []);
  if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(url.hostname);
}

const allowedBy = (options: PostOptions) => options.isAllowed ?? ((address: string) => options.allowPrivate || !isPrivateAddress(address));

/** DNS answers that say the name does not exist (not that the resolver is unavailable). */
const NAME_UNKNOWN = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME']);

/** A DNS look-up for the connection itself that refuses a name with any address not allowed. */
function guardedLookup(isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      // a name that does not exist is answered as a refused one; a passing failure stays one (tried again)
      if (error) return callback(NAME_UNKNOWN.has(error.code ?? '') ? new AddressRefused(hostname) : error, '', 0);
      const usable = addresses.filter((a) => isAllowed(a.address));
      if (!usable.length || usable.length !== addresses.length) return callback(new AddressRefused(hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as any)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the first MAX_ANSWER_BYTES of the answer's body at most */
  body: string;
}

export interface PostOptions {
  allowPrivate: boolean;
  /** which resolved addresses may be connected to; default: public ones (any with `allowPrivate`) */
  isAllowed?: (address: string) => boolean;
  /** the total deadline of the call, redirects included: by then it has an answer's status or fails */
  timeoutMs: number;
  /** redirects followed (the body is sent again to each); 0: a redirect is the answer */
  maxRedirects: number;
}

/** No status line and headers before the deadline. */
export class DeadlineExceeded extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/**
 * One POST, ended by `deadline`: without an answer's status by then it fails (DeadlineExceeded);
 * with one, it is answered with the body read so far. A body is read up to MAX_ANSWER_BYTES and
 * the connection is then closed, not read to its end.
 */
function postOnce(url: URL, headers: Record<string, string>, body: Buffer, options: PostOptions, deadline: AbortSignal): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isAllowed = allowedBy(options);
    if (isIP(host) && !isAllowed(host)) return reject(new AddressRefused(host));
    if (deadline.aborted) return reject(new DeadlineExceeded(options.timeoutMs));
    let answered: (() => void) | null = null;
    const onDeadline = () => {
      if (answered) return answered();
      request.destroy();
      reject(new DeadlineExceeded(options.timeoutMs));
    };
    deadline.addEventListener('abort', onDeadline, { once: true });
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, lookup: guardedLookup(isAllowed), agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answered = () => {
          deadline.removeEventListener('abort', onDeadline);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
        };
        const done = () => answered?.();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size = Math.min(MAX_ANSWER_BYTES, size + chunk.length);
          if (size >= MAX_ANSWER_BYTES) done();
        });
        // however the answer ends (complete, cut short, closed at the deadline), its status stands
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    request.on('error', (error) => {
      if (answered) return;
      deadline.removeEventListener('abort', onDeadline);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * POSTs `body` to `url` within a total deadline (`timeoutMs`, redirects included), following
 * redirects (each target checked as the first; never from https to http).
 */
export async function postSafely(url: string, headers: Record<string, string>, body: Buffer, options: PostOptions): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`unsupported protocol ${target.protocol}`);
    const response = await postOnce(target, headers, body, options, deadline);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location || hop >= options.maxRedirects) return response;
    const next = new URL(location, target);
    if (target.protocol === 'https:' && next.protocol !== 'https:')
      throw new AddressRefused(next.hostname, 'a redirect from https to another protocol is not followed');
    target = next;
  }
}

/** An answer longer than the most a GET may read. */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
  }
}

export interface GetOptions extends PostOptions {
  /** the most of the body read; a longer answer fails with AnswerTooLarge */
  maxBytes: number;
}

export interface FetchedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function getOnce(url: URL, headers: Record<string, string>, options: GetOptions, deadline: AbortSignal): Promise<FetchedResponse> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isAllowed = allowedBy(options);
    if (isIP(host) && !isAllowed(host)) return reject(new AddressRefused(host));
    if (deadline.aborted) return reject(new DeadlineExceeded(options.timeoutMs));
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      request.destroy();
      reject(error);
    };
    const onDeadline = () => fail(new DeadlineExceeded(options.timeoutMs));
    deadline.addEventListener('abort', onDeadline, { once: true });
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', headers, lookup: guardedLookup(isAllowed), agent: false }, (response) => {
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) return fail(new AnswerTooLarge(options.maxBytes));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(new AnswerTooLarge(options.maxBytes));
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener('abort', onDeadline);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on('error', fail);
    });
    request.on('error', fail);
    request.end();
  });
}

/**
 * GETs `url` under the same address rule as postSafely, the whole answer read within `timeoutMs`
 * (redirects included) and at most `maxBytes` of it (an outside calendar's ICS file).
 */
export async function getSafely(url: string, headers: Record<string, string>, options: GetOptions): Promise<FetchedResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`unsupported protocol ${target.protocol}`);
    const response = await getOnce(target, headers, options, deadline);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location || hop >= options.maxRedirects) return response;
    const next = new URL(location, target);
    if (target.protocol === 'https:' && next.protocol !== 'https:')
      throw new AddressRefused(next.hostname, 'a redirect from https to another protocol is not followed');
    target = next;
  }
}
