/**
 * Calendar: the occurrences of a range (events and the read-only layers), one event, its series
 * edits, the feed addresses and the phone's access token. Every change of an event invalidates
 * every range shown (an occurrence moved out of one week into another) and the event itself.
 */
import { useEffect } from 'react';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type Occurrence = Schema<'OccurrenceDto'>;
export type CalendarEvent = Schema<'EventDto'>;
export type EventInput = Schema<'EventBodyDto'>;
export type OccurrenceInput = Schema<'OccurrenceBodyDto'>;
export type Feed = Schema<'FeedDto'>;
export type FeedInput = Schema<'CreateFeedDto'>;
export type Subscription = Schema<'SubscriptionDto'>;
export type SubscriptionInput = Schema<'CreateSubscriptionDto'>;
export type SubscriptionChange = Schema<'UpdateSubscriptionDto'>;
export type CalendarImport = Schema<'CalendarImportDto'>;
export type CalendarImportResult = Schema<'CalendarImportResultDto'>;

/** The layers of `GET /calendar/occurrences?layers=` (a comma list in the query). */
export const LAYERS = ['events', 'bills', 'reminders', 'birthdays', 'subscriptions'] as const;
export type Layer = (typeof LAYERS)[number];

export interface OccurrenceQuery {
  from: string;
  to: string;
  /** one member's events only */
  attendee?: string;
  layers?: Layer[];
}

export function useOccurrences(query: OccurrenceQuery) {
  return useQuery({
    queryKey: queryKeys.calendar.occurrencesIn(query),
    queryFn: () =>
      call(
        api.GET('/api/v1/calendar/occurrences', {
          params: { query: { from: query.from, to: query.to, attendee: query.attendee, layers: query.layers?.join(',') } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The person's zone (`zone`, from the notification settings while they are read) or, until then and
 * with no network, the one last read: kept on the device with the ranges, whose days are that zone's.
 * Without it a phone abroad, offline, showed the kept weeks in its own zone (another day for an
 * evening event) or, from another day on, none of them.
 */
export function useKeptZone(zone: string | undefined): string | undefined {
  const client = useQueryClient();
  const kept = useQuery<string>({ queryKey: queryKeys.calendar.zone, queryFn: skipToken }).data;
  useEffect(() => {
    if (zone && zone !== kept) client.setQueryData(queryKeys.calendar.zone, zone);
  }, [client, zone, kept]);
  return zone ?? kept;
}

export function useEvent(eventId: string) {
  return useQuery({
    queryKey: queryKeys.calendar.event(eventId),
    queryFn: () => call(api.GET('/api/v1/calendar/events/{eventId}', { params: { path: { eventId } } })),
  });
}

function useCalendarMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    // every calendar query but the lists of feeds and outside calendars, which an event's change leaves as they are
    onSettled: () =>
      client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === queryKeys.calendar.all[0] && query.queryKey[1] !== 'feeds' && query.queryKey[1] !== 'subscriptions',
      }),
  });
}

export function useCreateEvent() {
  return useCalendarMutation((body: EventInput) => call(api.POST('/api/v1/calendar/events', { body })));
}

/** The whole series (or a single event), from the version it was read at. */
export function useSaveEvent() {
  return useCalendarMutation(({ eventId, body, etag }: { eventId: string; body: EventInput; etag?: string }) =>
    call(api.PUT('/api/v1/calendar/events/{eventId}', { params: { path: { eventId }, header: etag ? { 'If-Match': etag } : {} }, body })),
  );
}

export function useDeleteEvent() {
  return useCalendarMutation((eventId: string) => call(api.DELETE('/api/v1/calendar/events/{eventId}', { params: { path: { eventId } } })));
}

/** A deleted occurrence comes back; a changed one goes back to the series' time and fields. */
export function useRestoreOccurrence() {
  return useCalendarMutation(({ eventId, originalStart }: { eventId: string; originalStart: string }) =>
    call(api.POST('/api/v1/calendar/events/{eventId}/occurrences/{originalStart}/restore', { params: { path: { eventId, originalStart } } })),
  );
}

/** Only this one: an exception for the occurrence the series gave at `originalStart`. */
export function useSaveOccurrence() {
  return useCalendarMutation(({ eventId, originalStart, body }: { eventId: string; originalStart: string; body: OccurrenceInput }) =>
    call(api.PUT('/api/v1/calendar/events/{eventId}/occurrences/{originalStart}', { params: { path: { eventId, originalStart } }, body })),
  );
}

export function useDeleteOccurrence() {
  return useCalendarMutation(({ eventId, originalStart }: { eventId: string; originalStart: string }) =>
    call(api.DELETE('/api/v1/calendar/events/{eventId}/occurrences/{originalStart}', { params: { path: { eventId, originalStart } } })),
  );
}

/** This and following: the series ends before `from`; the answer is the new series from there. */
export function useSplitEvent() {
  return useCalendarMutation(({ eventId, from }: { eventId: string; from: string }) =>
    call(api.POST('/api/v1/calendar/events/{eventId}/split', { params: { path: { eventId } }, body: { from } })),
  );
}

export function useFeeds() {
  return useQuery({ queryKey: queryKeys.calendar.feeds, queryFn: () => call(api.GET('/api/v1/calendar/feeds')) });
}

function useFeedMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.calendar.feeds }) });
}

export function useCreateFeed() {
  return useFeedMutation((body: FeedInput) => call(api.POST('/api/v1/calendar/feeds', { body })));
}

export function useDeleteFeed() {
  return useFeedMutation((feedId: string) => call(api.DELETE('/api/v1/calendar/feeds/{feedId}', { params: { path: { feedId } } })));
}

/** An access token for the phone's calendar app (CalDAV), shown once. */
export function useCreateDavToken() {
  return useMutation({ mutationFn: (name: string) => call(api.POST('/api/v1/account/tokens', { body: { name, scopes: ['dav'] } })) });
}

/** The group's outside calendars (ICS addresses the service fetches every 15 minutes). */
export function useSubscriptions() {
  return useQuery({ queryKey: queryKeys.calendar.subscriptions, queryFn: () => call(api.GET('/api/v1/calendar/subscriptions')) });
}

/** A change of an outside calendar changes the list and the occurrences of its layer. */
function useSubscriptionMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.calendar.subscriptions }),
        client.invalidateQueries({ queryKey: queryKeys.calendar.occurrences }),
      ]),
  });
}

export function useCreateSubscription() {
  return useSubscriptionMutation((body: SubscriptionInput) => call(api.POST('/api/v1/calendar/subscriptions', { body })));
}

export function useChangeSubscription() {
  return useSubscriptionMutation(({ id, body }: { id: string; body: SubscriptionChange }) =>
    call(api.PATCH('/api/v1/calendar/subscriptions/{subscriptionId}', { params: { path: { subscriptionId: id } }, body })),
  );
}

export function useDeleteSubscription() {
  return useSubscriptionMutation((id: string) =>
    call(api.DELETE('/api/v1/calendar/subscriptions/{subscriptionId}', { params: { path: { subscriptionId: id } } })),
  );
}

/** An .ics file's preview: the file is sent as the raw `text/calendar` body, its bytes untouched. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File) =>
      call(
        api.POST('/api/v1/calendar/imports', {
          body: file as unknown as string,
          bodySerializer: (body: unknown) => body as BodyInit,
          headers: { 'content-type': 'text/calendar' },
        }),
      ),
  });
}

/** The previewed events written (created, or updated by their UID); the calendar's ranges are read again. */
export function useCommitImport() {
  return useCalendarMutation((importId: string) => call(api.POST('/api/v1/calendar/imports/{importId}/commit', { params: { path: { importId } }, body: {} })));
}
