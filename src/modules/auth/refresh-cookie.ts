import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/v1/session';

/** HttpOnly, scoped to the session routes; Secure + SameSite=None in production, Lax on plain local HTTP. */
function attributes(config: AppConfig) {
  return {
    httpOnly: true,
    path: REFRESH_COOKIE_PATH,
    secure: config.cookieSecure,
    sameSite: config.cookieSecure ? ('none' as const) : ('lax' as const),
  };
}

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...attributes(config), expires });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, attributes(config));
}

/**
 * Origins allowed to use the cookie endpoints: the service's own (as the request reached it, so the
 * web client works on localhost, a LAN address or behind a proxy), APP_URL's, and CORS_ORIGINS.
 */
export function isAllowedOrigin(request: FastifyRequest, origin: string, config: AppConfig): boolean {
  if (config.corsOrigins.includes(origin)) return true;
  if (origin === new URL(config.appUrl).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}
