import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { useLocale, useT } from '@/i18n';
import { Button, Dialog, LoadState, Notice, Page } from '@/ui';
import { intlLocale } from '@/ui/format';
import {
  useCreateEvent,
  useDeleteEvent,
  useDeleteOccurrence,
  useEvent,
  useRestoreOccurrence,
  useSaveEvent,
  useSaveOccurrence,
  useSplitEvent,
  type CalendarEvent,
  type OccurrenceInput,
} from '../api';
import { wallClock } from '../dates';
import { describeRRule } from '../repeat';
import { EventForm, eventBody, eventValues, newEventValues, type EventValues } from './EventForm';
import { useCalendarZone, useDayName } from './shared';

/** Back to the view the event was opened from (its date and filters kept). */
function useBack() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    const back = new URLSearchParams(params);
    const view = back.get('view');
    for (const key of ['occurrence', 'start', 'end', 'view']) back.delete(key);
    navigate(`/calendar${view === 'week' || view === 'month' ? `/${view}` : ''}${back.size ? `?${back.toString()}` : ''}`);
  };
}

/** /calendar/new: a title, and defaults for the rest (today's next full hour, 1 hour, the group). */
export function NewEventPage() {
  const t = useT();
  const zone = useCalendarZone();
  const [params] = useSearchParams();
  const create = useCreateEvent();
  const back = useBack();
  const day = params.get('date') ?? undefined;
  return (
    <Page title={t('calendar.new')}>
      <EventForm
        initial={newEventValues(day, zone, new Date())}
        submitLabel={t('calendar.form.save')}
        onCancel={back}
        onSubmit={async (values) => {
          await create.mutateAsync(eventBody(values));
          back();
        }}
      />
    </Page>
  );
}

type Scope = 'one' | 'following' | 'all';

/** The shift of the series' start when one occurrence's start was moved and "all" was chosen. */
function shifted(seriesStart: string, occurrenceStart: string, newStart: string, allDay: boolean): string {
  if (allDay) {
    const delta = Date.parse(`${newStart}T00:00:00Z`) - Date.parse(`${occurrenceStart.slice(0, 10)}T00:00:00Z`);
    return new Date(Date.parse(`${seriesStart.slice(0, 10)}T00:00:00Z`) + delta).toISOString().slice(0, 10);
  }
  const delta = Date.parse(newStart) - Date.parse(occurrenceStart);
  return new Date(Date.parse(seriesStart) + delta).toISOString().replace('.000Z', 'Z');
}

function SeriesQuestion({
  open,
  title,
  busy,
  error,
  onChoose,
  onClose,
}: {
  open: boolean;
  title: string;
  busy: Scope | null;
  error: unknown;
  onChoose: (scope: Scope) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div className="stack">
        {error ? (
          <p role="alert" className="field-message">
            {describeProblem(error)}
          </p>
        ) : null}
        <Button busy={busy === 'one'} onClick={() => onChoose('one')}>
          {t('calendar.series.one')}
        </Button>
        <Button variant="secondary" busy={busy === 'following'} onClick={() => onChoose('following')}>
          {t('calendar.series.following')}
        </Button>
        <Button variant="secondary" busy={busy === 'all'} onClick={() => onChoose('all')}>
          {t('calendar.series.all')}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}

/** A series' occurrences deleted one by one (its EXDATEs), each with "Bring back". */
function RemovedDates({ event, zone }: { event: CalendarEvent; zone: string }) {
  const t = useT();
  const restore = useRestoreOccurrence();
  const dayName = useDayName();
  if (!event.recurrence || event.exdates.length === 0) return null;
  const today = wallClock(new Date(), zone).date;
  // a date of an all-day series, else the instant's day and time in the calendar's zone
  const format = (start: string) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(start)) return dayName(start, today, true);
    const at = wallClock(start, zone);
    return t('calendar.removed.when', { day: dayName(at.date, today, true), time: at.time });
  };
  return (
    <section className="card stack" aria-labelledby="removed-title">
      <h2 id="removed-title">{t('calendar.removed.title')}</h2>
      <ul className="cal-feeds">
        {[...event.exdates].sort().map((start) => (
          <li key={start}>
            <span>{format(start)}</span>
            <Button
              variant="secondary"
              busy={restore.isPending && restore.variables?.originalStart === start}
              aria-label={t('calendar.removed.bringBackDate', { date: format(start) })}
              onClick={() => restore.mutate({ eventId: event.id, originalStart: start })}
            >
              {t('calendar.removed.bringBack')}
            </Button>
          </li>
        ))}
      </ul>
      {restore.error ? <Notice tone="warning">{describeProblem(restore.error)}</Notice> : null}
    </section>
  );
}

/** /calendar/events/:eventId(?occurrence=&start=&end=): an event, or one occurrence of a series. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const t = useT();
  const query = useEvent(eventId);
  return (
    <Page title={query.data?.title ?? t('calendar.event')}>
      <LoadState query={query} fresh>
        {(event) => <EventEditor event={event} />}
      </LoadState>
    </Page>
  );
}

function EventEditor({ event }: { event: CalendarEvent }) {
  const t = useT();
  const locale = intlLocale(useLocale());
  const zone = useCalendarZone();
  const [params] = useSearchParams();
  const back = useBack();
  const save = useSaveEvent();
  const saveOne = useSaveOccurrence();
  const split = useSplitEvent();
  const remove = useDeleteEvent();
  const removeOne = useDeleteOccurrence();
  const reset = useRestoreOccurrence();
  const [pending, setPending] = useState<{ kind: 'save'; values: EventValues } | { kind: 'delete' } | null>(null);
  const [busy, setBusy] = useState<Scope | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const rrule = event.recurrence?.rrule ?? null;
  const originalStart = params.get('occurrence');
  const shown = params.get('start') && params.get('end') ? { start: params.get('start')!, end: params.get('end')! } : undefined;
  const isSeries = Boolean(rrule && originalStart);
  // an occurrence changed on its own shows its own title, place and people
  const exception = isSeries ? event.exceptions.find((one) => one.originalStart === originalStart) : undefined;
  const initial = eventValues(exception ? { ...event, ...exception } : event, zone, isSeries ? shown : undefined);

  const saveAll = async (values: EventValues) => {
    const body = eventBody(values, rrule);
    if (isSeries && shown) {
      // the series keeps its own first date; a moved time moves every occurrence by as much
      body.start = shifted(event.start, shown.start, body.start, values.allDay);
      body.end = shifted(event.end, shown.end, body.end, values.allDay);
    }
    await save.mutateAsync({ eventId: event.id, body, etag: event.etag });
  };

  const run = async (scope: Scope) => {
    if (!pending || !originalStart) return;
    setBusy(scope);
    setError(null);
    try {
      if (pending.kind === 'save') {
        const body = eventBody(pending.values, rrule);
        if (scope === 'one') {
          const one: OccurrenceInput = {
            title: body.title,
            description: body.description,
            location: body.location,
            start: body.start,
            end: body.end,
            attendees: body.attendees,
          };
          await saveOne.mutateAsync({ eventId: event.id, originalStart, body: one });
        } else if (scope === 'following') {
          const next = await split.mutateAsync({ eventId: event.id, from: originalStart });
          await save.mutateAsync({ eventId: next.id, body, etag: next.etag });
        } else {
          await saveAll(pending.values);
        }
      } else if (scope === 'one') {
        await removeOne.mutateAsync({ eventId: event.id, originalStart });
      } else if (scope === 'following') {
        const next = await split.mutateAsync({ eventId: event.id, from: originalStart });
        await remove.mutateAsync(next.id);
      } else {
        await remove.mutateAsync(event.id);
      }
      setPending(null);
      back();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack">
      {rrule ? <p className="cal-rule">{describeRRule(rrule, t, locale)}</p> : null}
      <EventForm
        editing
        initial={initial}
        keptRule={rrule}
        submitLabel={t('calendar.form.saveChanges')}
        onCancel={back}
        onSubmit={async (values) => {
          if (isSeries) {
            setError(null);
            setPending({ kind: 'save', values });
            return;
          }
          await saveAll(values);
          back();
        }}
      />
      {exception && originalStart ? (
        <div className="stack">
          <p>{t('calendar.removed.changedAlone')}</p>
          {reset.error ? <Notice tone="warning">{describeProblem(reset.error)}</Notice> : null}
          <div className="actions">
            <Button
              variant="secondary"
              busy={reset.isPending}
              onClick={async () => {
                await reset.mutateAsync({ eventId: event.id, originalStart });
                back();
              }}
            >
              {t('calendar.removed.reset')}
            </Button>
          </div>
        </div>
      ) : null}
      <div className="actions danger-zone">
        <Button variant="danger" onClick={() => (isSeries ? setPending({ kind: 'delete' }) : setConfirmDelete(true))}>
          {t('calendar.delete')}
        </Button>
      </div>
      <SeriesQuestion
        open={pending !== null}
        title={pending?.kind === 'delete' ? t('calendar.series.deleteQuestion') : t('calendar.series.saveQuestion')}
        busy={busy}
        error={error}
        onChoose={(scope) => void run(scope)}
        onClose={() => setPending(null)}
      />
      <Dialog open={confirmDelete} title={t('calendar.deleteQuestion', { title: event.title })} onClose={() => setConfirmDelete(false)}>
        <div className="stack">
          {remove.error ? <Notice tone="warning">{describeProblem(remove.error)}</Notice> : null}
          <div className="actions">
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={async () => {
                await remove.mutateAsync(event.id);
                setConfirmDelete(false);
                back();
              }}
            >
              {t('calendar.delete')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {t('calendar.keep')}
            </Button>
          </div>
        </div>
      </Dialog>
      <RemovedDates event={event} zone={zone} />
      <p>
        <Link to="/calendar">{t('calendar.backToCalendar')}</Link>
      </p>
    </div>
  );
}
