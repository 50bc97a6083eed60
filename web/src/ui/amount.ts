import { currentLocale } from '@/i18n';

/*
 * Amounts as people type them, in their language: the rules (parseAmount, formatMoney, …) live in
 * @domain/amount, the same for the service; here only which language tag the browser writes in.
 */

/**
 * The tag Intl formats with: the browser's own regional variant of the chosen language when it
 * has one (German chosen on a de-AT browser: de-AT; English on en-GB: 15 Dec 2026), else the
 * language itself.
 */
export function intlLocale(locale: string = currentLocale()): string {
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages;
  return languages.find((tag) => tag.toLowerCase().split('-')[0] === locale) ?? locale;
}
