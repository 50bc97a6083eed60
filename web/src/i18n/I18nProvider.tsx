import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { browserLocale, english, loadMessages, loadSection, type MessageId, type Messages } from './locales';

const STORAGE_KEY = 'hearth.locale';

function initialLocale(): string {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept) return kept;
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  return browserLocale();
}

let current = typeof window === 'undefined' ? 'en' : initialLocale();
const listeners = new Set<() => void>();

/** The language the app speaks now (`en`, `de`, …). */
export function currentLocale(): string {
  return current;
}

/** Switches the app's language (kept on this device; the account keeps the person's choice). */
export function setLocale(locale: string): void {
  if (locale === current) return;
  current = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // not kept: the choice holds until the page closes
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/**
 * One language's messages ready to format (FormatJS's intl-messageformat): plain texts as they are,
 * ICU messages (plurals, numbers, tags) formatted from the syntax tree the build parsed, each
 * formatter made once.
 */
export interface Formatter {
  locale: string;
  format(id: MessageId, values?: Record<string, unknown>): string | Array<string | ReactNode>;
}

function formatterFor(locale: string, messages: Messages): Formatter {
  const formatters = new Map<MessageId, IntlMessageFormat>();
  return {
    locale,
    format(id, values) {
      const message = messages[id] ?? english[id];
      if (message === undefined) {
        console.error(`no message '${id}'`);
        return id;
      }
      if (typeof message === 'string') return message;
      let formatter = formatters.get(id);
      if (!formatter) {
        formatter = new IntlMessageFormat(message, locale);
        formatters.set(id, formatter);
      }
      try {
        return formatter.format(values as Record<string, PrimitiveType>) as string | Array<string | ReactNode>;
      } catch (error) {
        console.error(`message '${id}': ${(error as Error).message}`);
        return id;
      }
    },
  };
}

const IntlContext = createContext<Formatter>(formatterFor('en', english));

/** Messages of the chosen language (English until another has loaded), and `<html lang>` to match. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<{ locale: string; messages: Messages }>({ locale: 'en', messages: english });
  useEffect(() => {
    let live = true;
    void loadMessages(locale).then((messages) => {
      if (live) setLoaded({ locale, messages });
    });
    return () => {
      live = false;
    };
  }, [locale]);
  useEffect(() => {
    document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);
  const intl = useMemo(() => activate(loaded.locale, loaded.messages), [loaded]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

/**
 * Loads the messages of a lazily loaded feature (`needMessages('shopping')`, keys `shopping.…`) in
 * the language shown now: the feature's code awaits it before it renders (its lazy import), so no
 * message id is ever shown in place of its words.
 */
export function needMessages(section: string): Promise<void> {
  return loadSection(section);
}

/** The messages the provider shows now, for code that runs outside a component (`describeProblem`). */
let active: Formatter = formatterFor('en', english);

/** Makes `locale`'s messages the ones `translate` uses (the provider's choice; tests set it directly). */
export function activate(locale: string, messages: Messages): Formatter {
  active = formatterFor(locale, messages);
  return active;
}

export type Translate = (id: MessageId, values?: Record<string, PrimitiveType>) => string;

const asText = (formatted: string | Array<string | ReactNode>): string => (typeof formatted === 'string' ? formatted : formatted.join(''));

/** `t('notes.empty')`: the message in the chosen language; ids are checked against the English file. */
export function useT(): Translate {
  const intl = useContext(IntlContext);
  // the same function while the language stays, so it can sit in an effect's dependencies
  return useCallback<Translate>((id, values) => asText(intl.format(id, values)), [intl]);
}

/**
 * The same outside a component (a message kept in state, a problem described in `api/`): the
 * language the app shows now. Components use `useT()`, which also re-renders them on a change.
 */
export const translate: Translate = (id, values) => asText(active.format(id, values));

/**
 * A message with markup in it: `<Message id="auth.sentTo" values={{ email, b: (text) => <strong>{text}</strong> }} />`
 * for "We sent a link to <b>{email}</b>." (the tags are the message's, the elements the page's).
 */
export function Message({ id, values }: { id: MessageId; values?: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)> }) {
  const formatted = useContext(IntlContext).format(id, values);
  if (typeof formatted === 'string') return <>{formatted}</>;
  return (
    <>
      {formatted.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** "Tom", "Tom and Anna", "Tom, Anna and Ben" in the app's language. */
export function useListFormat(): (items: string[]) => string {
  const locale = useContext(IntlContext).locale;
  const format = new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' });
  return (items) => format.format(items);
}
