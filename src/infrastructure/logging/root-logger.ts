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
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,context', messageFormat: '{if context}[{context}] {end}{msg}', singleLine: true });
}
