import { ClsServiceManager } from 'nestjs-cls';
import pino, { DestinationStream, Logger } from 'pino';
import type { AppConfig } from '../../config/app-config';

/** Log fields that must never be written. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

/** Query parameters whose values are credentials: tokens, URL signatures, keys, passwords. */
const CREDENTIAL_PARAM = /token|signature|secret|password|passwd|credential|key/i;

/**
 * The URL as the access log writes it: the value of every credential-like query parameter
 * (`token` of the mailed links, `signature` and `X-Amz-Signature` of storage URLs, …) replaced
 * by `[redacted]`, every other part as it came. A URL without a query is returned as it is.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((param) => {
      const equals = param.indexOf('=');
      const name = equals < 0 ? param : param.slice(0, equals);
      return equals >= 0 && CREDENTIAL_PARAM.test(name) ? `${name}=[redacted]` : param;
    });
  return `${url.slice(0, query + 1)}${params.join('&')}`;
}

/**
 * The one pino instance of the process (structured JSON, secrets redacted). Every line written
 * while a request is being served carries its `requestId`, taken from the request context, so no
 * per-request child logger is needed on the hot path.
 */
export function createRootLogger(config: Pick<AppConfig, 'logLevel'> & Partial<Pick<AppConfig, 'logFormat'>>, destination?: DestinationStream): Logger {
  if (!destination && config.logFormat === 'pretty' && config.logLevel !== 'silent') destination = prettyStream();
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      mixin(merged: object) {
        if ('requestId' in merged) return {};
        const cls = ClsServiceManager.getClsService();
        return cls.isActive() && cls.getId() ? { requestId: cls.getId() } : {};
      },
    },
    destination,
  );
}

/** Human-readable lines for a terminal (pino-pretty, in-process: no worker thread). */
function prettyStream(): DestinationStream {
  const pretty = require('pino-pretty') as (options: object) => DestinationStream;
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
    singleLine: true,
  });
}
