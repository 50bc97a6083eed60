export { I18nProvider, activate, currentLocale, setLocale, translate, useLocale, useT, type Translate } from './I18nProvider';
export { LOCALES, browserLocale, loadMessages, type MessageId } from './locales';
