import { translate } from '@/i18n';

/** "Chrome on Android" from a user-agent string: what the session list and the device name show. */
export function describeUserAgent(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser && !system) return userAgent.slice(0, 60) || translate('device.unknownBrowser');
  return system ? translate('device.browserOnSystem', { browser: browser ?? translate('device.aBrowser'), system }) : (browser ?? translate('device.browser'));
}
