export { I18nProvider, currentLocale, setLocale, useLocale, useT, type Translate } from './I18nProvider';
export { LOCALES, browserLocale, type MessageId } from './locales';
