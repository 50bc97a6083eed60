import { ClsServiceManager } from 'nestjs-cls';

/** Request-context key of the origin the current request reached the service at. */
export const CLS_ORIGIN = 'origin';
const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/**
 * The origin (`http://host:port`) a request reached the service at: its protocol and Host header
 * (X-Forwarded-Proto/-Host only when TRUST_PROXY is set, as Fastify applies it), or undefined when
 * the host is not a plain host name or address.
 */
export function originOf(request: { protocol: string; host: string }): string | undefined {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return HOST.test(request.host ?? '') ? `${protocol}://${request.host}` : undefined;
}

/** The origin of the request being served, when there is one (none in jobs and the CLI). */
export function currentRequestOrigin(): string | undefined {
  const cls = ClsServiceManager.getClsService();
  return cls.isActive() ? cls.get<string | undefined>(CLS_ORIGIN) : undefined;
}
