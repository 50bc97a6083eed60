import type { PrimitiveType } from 'intl-messageformat';
import { translate, type MessageId } from '../../i18n/messages';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './entities/notification.entity';

export { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX };

const ELLIPSIS = '…';

/** Characters as PostgreSQL counts them in a varchar (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/**
 * `text` cut to at most `max` characters, ending in "…" when it was cut (never inside a
 * surrogate pair; trailing spaces before the "…" are dropped).
 */
export function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return (
    chars
      .slice(0, Math.max(0, max - 1))
      .join('')
      .trimEnd() + ELLIPSIS
  );
}

/**
 * The message `id` in `locale` with `values`, at most `max` characters: when it is longer, the
 * values named in `typed` (what someone typed: a bill's description, a note's title, a name) are
 * cut with "…", the longest first, until the whole message fits; the message's own words, numbers
 * and amounts are kept. Every text that goes into a notification is made through it, so nothing
 * a member types can make a notification that its table refuses.
 */
export function fitted(locale: string, id: MessageId, values: Record<string, PrimitiveType>, typed: string[], max: number): string {
  const shortened = { ...values };
  let text = translate(locale, id, shortened);
  for (let round = 0; length(text) > max && round < 8; round++) {
    const longest = typed.filter((key) => typeof shortened[key] === 'string').sort((a, b) => length(String(shortened[b])) - length(String(shortened[a])))[0];
    if (!longest) break;
    const value = String(shortened[longest]);
    // the message may repeat the value: take the whole excess off each use (at least one character)
    const uses = Math.max(1, text.split(value).length - 1);
    const keep = length(value) - Math.ceil((length(text) - max) / uses);
    if (keep < 1) {
      shortened[longest] = ELLIPSIS;
      typed = typed.filter((key) => key !== longest);
    } else shortened[longest] = cut(value, keep);
    text = translate(locale, id, shortened);
  }
  // the message's own words alone too long (never with the shipped languages): cut it as a whole
  return cut(text, max);
}

/** A notification's title: the message fitted to the title's column. */
export const notificationTitle = (locale: string, id: MessageId, values: Record<string, PrimitiveType>, typed: string[]) =>
  fitted(locale, id, values, typed, NOTIFICATION_TITLE_MAX);

/** A notification's body: the message fitted to the body's column. */
export const notificationBody = (locale: string, id: MessageId, values: Record<string, PrimitiveType>, typed: string[]) =>
  fitted(locale, id, values, typed, NOTIFICATION_BODY_MAX);

/** The title of a notification sent late ("… (late)"): the title is cut, never the mark. */
export const lateTitle = (locale: string, title: string) => notificationTitle(locale, 'notifications.late', { title }, ['title']);
