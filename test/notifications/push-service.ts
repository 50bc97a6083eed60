import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service written for the tests (RFC 8030): each fake device has a real P-256 key pair
 * and authentication secret made with node:crypto; a message is accepted only when its VAPID
 * header (RFC 8292) carries an ES256 JWT over this service's origin that verifies with the key in
 * `k`, and its aes128gcm body (RFC 8188, keys of RFC 8291) decrypts with the device's private key.
 */
export interface FakeDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** every message accepted for this device, decrypted */
  received: any[];
  /** statuses to answer next, in order (then 201) */
  answers: number[];
  /** every request's status, in order */
  statuses: number[];
  /** how long the service takes to answer this device's requests (ms) */
  delayMs: number;
}

export interface PushService {
  origin: string;
  device(): FakeDevice;
  /** the VAPID public keys seen (base64url), one per verified request */
  vapidKeys: string[];
  /** requests refused, with why */
  refused: string[];
  /** the most requests the service was answering at one time */
  maxInFlight(): number;
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 §3.4 and RFC 8188 §2: the content-encryption key and nonce, then one record decrypted. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 and zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over `aud` = the push service's origin. */
export function verifyVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no vapid authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt.split('.');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header64.alg !== 'ES256') throw new Error(`alg ${header64.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (payload.aud !== origin) throw new Error(`aud ${payload.aud} is not ${origin}`);
  if (!(payload.exp * 1000 > Date.now() && payload.exp * 1000 <= Date.now() + 24 * 3600_000 + 60_000)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(payload.sub ?? '')) throw new Error(`sub ${payload.sub}`);
  return k;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, FakeDevice & { ecdh: ReturnType<typeof createECDH>; secret: Buffer }>();
  const vapidKeys: string[] = [];
  const refused: string[] = [];
  let origin = '';
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const device = devices.get((request.url ?? '').replace(/^\/push\//, ''));
    if (!device) return response.writeHead(404).end();
    if (device.delayMs) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, device.delayMs));
      inFlight--;
    }
    const next = device.answers.shift();
    if (next !== undefined && next !== 201) {
      device.statuses.push(next);
      return response.writeHead(next).end();
    }
    try {
      if (request.method !== 'POST') throw new Error(`method ${request.method}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      if (!Number(request.headers.ttl)) throw new Error('no TTL');
      vapidKeys.push(verifyVapid(request.headers.authorization, origin));
      device.received.push(JSON.parse(decryptAes128gcm(body, device.ecdh, device.secret).toString('utf8')));
      device.statuses.push(201);
      response.writeHead(201).end();
    } catch (error) {
      refused.push((error as Error).message);
      device.statuses.push(400);
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;
  return {
    origin,
    vapidKeys,
    refused,
    maxInFlight: () => maxInFlight,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const secret = randomBytes(16);
      const id = `device-${++count}-${randomBytes(4).toString('hex')}`;
      const device = {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(secret) },
        received: [],
        answers: [],
        statuses: [],
        delayMs: 0,
        ecdh,
        secret,
      };
      devices.set(id, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook receiver: every JSON POST it got, and optionally a redirect elsewhere. */
export interface WebhookReceiver {
  url: string;
  received: { path: string; body: any }[];
  /** answers with a redirect to `location` for requests to `path` */
  redirect(path: string, location: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(host = '127.0.0.1'): Promise<WebhookReceiver> {
  const received: { path: string; body: any }[] = [];
  const redirects = new Map<string, string>();
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const location = redirects.get(request.url ?? '');
    if (location) return response.writeHead(307, { location }).end();
    received.push({ path: request.url ?? '', body: JSON.parse(body.toString('utf8')) });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    received,
    redirect: (path, location) => redirects.set(path, location),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
