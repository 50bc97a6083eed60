/** For unit tests: a `t` of one language from the message files, without React. */
import { createIntl } from 'react-intl';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import type { Translate } from './I18nProvider';

const FILES: Record<string, Record<string, string>> = { en, de };

export function translatorFor(locale: 'en' | 'de'): Translate {
  const intl = createIntl({ locale, messages: FILES[locale] });
  return (id, values) => intl.formatMessage({ id }, values);
}
