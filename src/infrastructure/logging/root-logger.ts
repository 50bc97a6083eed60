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
export function createRootLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
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
