import type { Schema } from '@/api/client';
import { translate, type MessageId } from '@/i18n';

export type IcsSkipReason = Schema<'IcsSkipReason'>;
export type SubscriptionError = Schema<'SubscriptionError'>;

/** Why an event of an .ics file is left out of the import, in the person's words. */
const SKIP_MESSAGES: Record<IcsSkipReason, MessageId> = {
  NO_UID: 'calendar.import.reason.NO_UID',
  NO_START: 'calendar.import.reason.NO_START',
  UNREADABLE: 'calendar.import.reason.UNREADABLE',
};

/** Why an outside calendar's last refresh failed, in the person's words. */
const FAILURE_MESSAGES: Record<SubscriptionError, MessageId> = {
  ADDRESS_REFUSED: 'calendar.other.failure.ADDRESS_REFUSED',
  UNREACHABLE: 'calendar.other.failure.UNREACHABLE',
  TIMED_OUT: 'calendar.other.failure.TIMED_OUT',
  TOO_LARGE: 'calendar.other.failure.TOO_LARGE',
  HTTP_STATUS: 'calendar.other.failure.HTTP_STATUS',
  NOT_A_CALENDAR: 'calendar.other.failure.NOT_A_CALENDAR',
};

/**
 * An event the import leaves out, from the service's reason code and the event's title (never its
 * English message): "“Party”: it has no start time"; a reason this app does not know yet (a newer
 * service) is said as "cannot be read".
 */
export function skippedText(skip: Pick<Schema<'CalendarImportSkippedDto'>, 'uid' | 'reason' | 'params'>): string {
  const reason = translate(SKIP_MESSAGES[skip.reason] ?? 'calendar.import.reason.UNREADABLE');
  const title = skip.params?.title;
  if (title) return translate('calendar.import.skippedTitled', { title, reason });
  return skip.uid ? translate('calendar.import.skippedUid', { uid: skip.uid, reason }) : reason;
}

/**
 * Why the last refresh of an outside calendar failed, from the service's code and its params (the
 * HTTP status, the size limit, the wait); a code this app does not know yet is said without why.
 */
export function failureText(failure: Schema<'SubscriptionFailureDto'>): string {
  const id = FAILURE_MESSAGES[failure.code];
  return id ? translate('calendar.other.failed', { reason: translate(id, failure.params) }) : translate('calendar.other.failedUnknown');
}

/**
 * Why an outside calendar could not be added (its address answered, but not with a calendar), from
 * the problem's `failure`: "The calendar could not be read: the address answered with error 404".
 */
export function addFailureText(failure: Schema<'ProblemFailure'>): string {
  const id = FAILURE_MESSAGES[failure.code as SubscriptionError];
  return id ? translate('calendar.other.addFailed', { reason: translate(id, failure.params) }) : translate('problem.CALENDAR_FETCH_FAILED');
}
