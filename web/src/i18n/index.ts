export { I18nProvider, Message, activate, needMessages, useListFormat, currentLocale, setLocale, translate, useLocale, useT, type Translate } from './I18nProvider';
export { LOCALES, autonym, browserLocale, loadMessages, type MessageId } from './locales';
