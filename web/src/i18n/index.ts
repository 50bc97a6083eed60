export {
  I18nProvider,
  Message,
  activate,
  needMessages,
  useListFormat,
  currentLocale,
  setLocale,
  translate,
  useLocale,
  useT,
  type Translate,
} from './I18nProvider';
export { LOCALES, autonym, browserLocale, loadMessages, loadSection, type MessageId } from './locales';
