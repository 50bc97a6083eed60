/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1: addresses that mean "this machine" wherever they are opened. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || /^(0*:)*:?0*1$/.test(host);
}

/**
 * A set-password link as the administrator hands it on: the server writes APP_URL into it, which
 * on a default install is `http://localhost:…`, useless on the new member's phone. When it is a
 * loopback address, the link takes the address this page was opened with (the one that reached
 * the server from this device), keeping its path and token; any other APP_URL stays as configured.
 */
export function linkForOtherDevices(link: string, pageOrigin: string): string {
  const url = new URL(link);
  if (!isLoopbackHost(url.hostname)) return link;
  return `${pageOrigin}${url.pathname}${url.search}${url.hash}`;
}
