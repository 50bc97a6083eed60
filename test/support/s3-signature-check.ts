import aws4 from 'aws4';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';

/** The query parameters a presigned URL adds; what is left is the request's own query. */
const SIGNATURE_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a presigned request is refused (S3's error codes), or null when its signature holds. */
export function checkPresignedRequest(
  request: { method: string; url: string; headers: IncomingMessage['headers'] },
  credentials: Credentials,
  now = new Date(),
): { code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError'; message: string } | null {
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
  const malformed = (message: string) => ({ code: 'AuthorizationQueryParametersError' as const, message });
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return malformed('X-Amz-Algorithm must be AWS4-HMAC-SHA256');
  const [accessKey, date, region, service, terminator, ...rest] = (query.get('X-Amz-Credential') ?? '').split('/');
  if (!date || service !== 's3' || terminator !== 'aws4_request' || rest.length > 0) return malformed('X-Amz-Credential is malformed');
  if (accessKey !== credentials.accessKeyId) return { code: 'AccessDenied', message: 'The access key is not known' };
  const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!amzDate || amzDate[0].slice(0, 8) !== date) return malformed('X-Amz-Date is malformed');
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return malformed('X-Amz-Expires is out of range');
  const signedAt = Date.UTC(+amzDate[1], +amzDate[2] - 1, +amzDate[3], +amzDate[4], +amzDate[5], +amzDate[6]);
  if (now.getTime() > signedAt + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
  if (now.getTime() < signedAt - 15 * 60 * 1000) return { code: 'AccessDenied', message: 'Request is not valid yet' };

  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (!signedHeaders.includes('host')) return malformed('X-Amz-SignedHeaders must include host');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return { code: 'SignatureDoesNotMatch', message: `The signed header ${name} is missing` };
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const unsigned = new URLSearchParams([...query].filter(([name]) => !SIGNATURE_PARAMS.includes(name)));
  // an independent implementation of Signature Version 4 recomputes what the signer must have sent
  const signed = aws4.sign(
    { service: 's3', region, method: request.method, host: headers.host, path: `${rawPath}?${unsigned.toString()}`, headers, signQuery: true },
    credentials,
  );
  const expected = Buffer.from(new URLSearchParams(signed.path!.split('?')[1]).get('X-Amz-Signature') ?? '');
  const given = Buffer.from(query.get('X-Amz-Signature') ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided' };
  }
  return null;
}

function refuse(request: IncomingMessage, response: ServerResponse, code: string, message: string): void {
  request.resume();
  response.writeHead(403, { 'Content-Type': 'application/xml', Connection: 'close' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * A gate in front of the test S3 server (s3rver checks no Signature Version 4 at all), standing for
 * a real store's checks of what clients send: a presigned request (a browser's upload or read) is
 * forwarded only when its signature holds for the request as it arrives — method, path, query and
 * every header it names as signed (an upload URL signed over content-length and content-type
 * refuses another size or type) — and before its expiry; a request with neither a presigned query
 * nor an Authorization header is refused. The service's own requests (Authorization header) pass
 * as they are, and so do CORS preflights.
 */
export async function startSignatureCheck(options: {
  backend: string;
  credentials: Credentials;
  port?: number;
}): Promise<{ endpoint: string; server: Server }> {
  const backend = new URL(options.backend);
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (request.method !== 'OPTIONS') {
      if (new URLSearchParams(url.split('?')[1] ?? '').has('X-Amz-Signature')) {
        const refusal = checkPresignedRequest({ method: request.method ?? 'GET', url, headers: request.headers }, options.credentials);
        if (refusal) return refuse(request, response, refusal.code, refusal.message);
      } else if (!request.headers.authorization) {
        return refuse(request, response, 'AccessDenied', 'Anonymous requests are not allowed');
      }
    }
    const forwarded = httpRequest({ host: backend.hostname, port: backend.port, method: request.method, path: url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
