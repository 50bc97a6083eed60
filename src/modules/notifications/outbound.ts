import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * HTTP requests to addresses users give (webhook URLs, push endpoints). Unless private URLs are
 * allowed, a name resolving to a loopback, private, link-local or otherwise non-public address is
 * refused, checked on the address the connection really uses (so a name that changes its answer
 * between the check and the request gains nothing), and again at every redirect.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is not a public one (IPv4-mapped IPv6 addresses are judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

export class AddressRefused extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a loopback, private or link-local address`);
  }
}

/** Every address `host` resolves to (an IP literal: itself). */
export function resolveAll(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return Promise.resolve([{ address: bare, family: isIP(bare) }]);
  return new Promise((resolve, reject) => dnsLookup(bare, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Refuses a URL whose host resolves to any non-public address (unless allowed). */
export async function assertPublicUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const addresses = await resolveAll(url.hostname);
  if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(url.hostname);
}

const allowedBy = (options: PostOptions) => options.isAllowed ?? ((address: string) => options.allowPrivate || !isPrivateAddress(address));

/** A DNS look-up for the connection itself that refuses a name with any address not allowed. */
function guardedLookup(isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
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
  body: string;
}

export interface PostOptions {
  allowPrivate: boolean;
  /** which resolved addresses may be connected to; default: public ones (any with `allowPrivate`) */
  isAllowed?: (address: string) => boolean;
  timeoutMs: number;
  /** redirects followed (the body is sent again to each); 0: a redirect is the answer */
  maxRedirects: number;
}

function postOnce(url: URL, headers: Record<string, string>, body: Buffer, options: PostOptions): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const isAllowed = allowedBy(options);
    if (isIP(host) && !isAllowed(host)) return reject(new AddressRefused(host));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        lookup: guardedLookup(isAllowed),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          // an answer is read for its status; a few KB of its body are enough for a log line
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8').slice(0, 4096) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** POSTs `body` to `url`, following redirects (each target checked as the first). */
export async function postSafely(url: string, headers: Record<string, string>, body: Buffer, options: PostOptions): Promise<OutboundResponse> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`unsupported protocol ${target.protocol}`);
    const response = await postOnce(target, headers, body, options);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location || hop >= options.maxRedirects) return response;
    target = new URL(location, target);
  }
}
