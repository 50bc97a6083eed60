import { currentLocale } from '@/i18n';
import { intlLocale } from './amount';

/**
 * Every `YYYY-MM-DD` inside a text written by the service (an error message: "Row 4: the date
 * 2026-11-05 …") rewritten as the chosen language writes dates ("05.11.2026"), so no date reaches
 * the person in another format than the app's.
 */
export function localiseDates(text: string, locale: string = currentLocale()): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (iso) => {
    const date = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return iso;
    return new Intl.DateTimeFormat(intlLocale(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
  });
}
