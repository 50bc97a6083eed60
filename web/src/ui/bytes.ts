import { currentLocale } from '@/i18n';

/** A size in bytes for people: "812 B", "4.2 kB", "1.3 MB" (decimal units, written as the chosen language writes numbers: "4,2 kB"). */
export function formatBytes(bytes: number, locale: string = currentLocale()): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
