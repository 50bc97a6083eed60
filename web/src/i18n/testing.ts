/** For unit tests: a `t` of one language from the message files, without React. */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import type { Translate } from './I18nProvider';

const FILES: Record<string, Record<string, string>> = { en, de };

export function translatorFor(locale: 'en' | 'de'): Translate {
  const messages = FILES[locale];
  return (id, values) =>
    String(new IntlMessageFormat(messages[id] ?? (en as Record<string, string>)[id], locale).format(values as Record<string, PrimitiveType>));
}
