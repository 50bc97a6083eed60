import { createHash, createHmac } from 'node:crypto';

export interface S3UploadUrlRequest {
  /** the address clients reach the store at (S3_PUBLIC_ENDPOINT): scheme, host, port */
  endpoint: string;
  bucket: string;
  key: string;
  region: string;
  accessKey: string;
  secretKey: string;
  expiresSeconds: number;
  /** every byte the upload must have, and its type: both are signed */
  size: number;
  contentType: string;
  now?: Date;
}

/** RFC 3986 encoding as AWS Signature Version 4 wants it (encodeURIComponent leaves `!'()*`). */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * A presigned S3 `PUT` URL (AWS Signature Version 4, path-style) whose signature covers the
 * `host`, `content-length` and `content-type` headers: the store refuses (403) a request with any
 * other size or type before it stores anything. The minio client's presigner leaves both headers
 * out of the signature on purpose, so this one signs them itself; the algorithm is the standard
 * query-string one (payload `UNSIGNED-PAYLOAD`), which AWS S3, MinIO, Garage and SeaweedFS verify.
 */
export function presignS3Upload(request: S3UploadUrlRequest): string {
  const endpoint = new URL(request.endpoint);
  const amzDate = (request.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const scope = `${amzDate.slice(0, 8)}/${request.region}/s3/aws4_request`;
  const path = `/${encode(request.bucket)}/${request.key.split('/').map(encode).join('/')}`;
  // URL.host leaves out the scheme's default port, as clients do in their Host header
  const headers: [string, string][] = [
    ['content-length', String(request.size)],
    ['content-type', request.contentType],
    ['host', endpoint.host],
  ];
  const signedHeaders = headers.map(([name]) => name).join(';');
  const query = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${request.accessKey}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(request.expiresSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ]
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = ['PUT', path, query, headers.map(([name, value]) => `${name}:${value.trim()}\n`).join(''), signedHeaders, 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${request.secretKey}`, amzDate.slice(0, 8)), request.region));
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${endpoint.protocol}//${endpoint.host}${path}?${query}&X-Amz-Signature=${signature}`;
}
