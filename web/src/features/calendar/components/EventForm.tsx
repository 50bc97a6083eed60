import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FREQUENCIES } from '@domain/recurrence';
import { useLocale, useT, type MessageId } from '@/i18n';
import { Checkbox, ErrorSummary, Field, SelectField, TimeZoneField } from '@/ui';
import { Disclosure } from '@/ui/Disclosure';
import { FormButtons } from '@/ui/FormButtons';
import { useProblemForm } from '@/ui/use-problem-form';
import { intlLocale } from '@/ui/format';
import type { EventInput } from '../api';
import { addDays, addMinutes, instantOf, wallClock } from '../dates';
import {
  WEEKDAYS,
  choicesFor,
  describeRepeat,
  fromRRule,
  matchingChoice,
  toRRule,
  weekdayName,
  weekdayOf,
  weekdayPosition,
  type Repeat,
  type Weekday,
} from '../repeat';
import { useMemberColors } from './shared';

/** The reminders offered, in minutes before the start. */
const REMINDERS = [0, 10, 60, 1440] as const;
const REMINDER_NAMES: Record<(typeof REMINDERS)[number], MessageId> = {
  0: 'calendar.form.reminder.atStart',
  10: 'calendar.form.reminder.10min',
  60: 'calendar.form.reminder.1h',
  1440: 'calendar.form.reminder.1d',
};

export interface EventValues {
  title: string;
  allDay: boolean;
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  repeat: string;
  frequency: Repeat['frequency'];
  interval: string;
  weekdays: Weekday[];
  monthlyBy: 'day' | 'nth' | 'last';
  ends: 'never' | 'until' | 'count';
  until: string;
  count: string;
  location: string;
  attendees: 'group' | 'some';
  members: string[];
  isPrivate: boolean;
  reminders: string[];
  description: string;
}

/** What a new event starts with: the given day (or today) at the next full hour, one hour, the whole group. */
export function newEventValues(day: string | undefined, zone: string, now: Date): EventValues {
  const next = wallClock(new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000), zone);
  const start = day && day !== next.date ? { date: day, time: '09:00' } : next;
  const end = addMinutes(start.date, start.time, 60);
  return {
    title: '',
    allDay: false,
    date: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone: zone,
    repeat: 'none',
    frequency: 'Weekly',
    interval: '1',
    weekdays: [weekdayOf(start.date)],
    monthlyBy: 'day',
    ends: 'never',
    until: '',
    count: '10',
    location: '',
    attendees: 'group',
    members: [],
    isPrivate: false,
    reminders: [],
    description: '',
  };
}

/** The form's values of an event (or of one occurrence of it, shown at `shown` times). */
export function eventValues(
  event: {
    title: string;
    description?: string | null;
    location?: string | null;
    allDay: boolean;
    start: string;
    end: string;
    timeZone?: string | null;
    recurrence?: { rrule: string } | null;
    attendees: 'group' | string[];
    isPrivate?: boolean;
    reminders?: { minutesBefore: number }[];
  },
  zone: string,
  shown?: { start: string; end: string },
): EventValues {
  const times = shown ?? { start: event.start, end: event.end };
  const eventZone = event.timeZone ?? zone;
  const base = newEventValues(undefined, eventZone, new Date());
  const start = event.allDay ? { date: times.start.slice(0, 10), time: base.startTime } : wallClock(times.start, eventZone);
  const end = event.allDay ? { date: addDays(times.end.slice(0, 10), -1), time: base.endTime } : wallClock(times.end, eventZone);
  const repeat = event.recurrence ? fromRRule(event.recurrence.rrule) : null;
  const choice = matchingChoice(choicesFor(start.date), repeat);
  return {
    ...base,
    title: event.title,
    description: event.description ?? '',
    location: event.location ?? '',
    allDay: event.allDay,
    date: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timeZone: eventZone,
    // a rule the words cannot say is kept as it came ('keep')
    repeat: !event.recurrence ? 'none' : (choice ?? (repeat ? 'custom' : 'keep')),
    ...(repeat
      ? {
          frequency: repeat.frequency,
          interval: String(repeat.interval),
          weekdays: repeat.weekdays.length ? repeat.weekdays : base.weekdays,
          monthlyBy: repeat.on?.kind === 'weekday' ? (repeat.on.ordinal === -1 ? 'last' : 'nth') : 'day',
          ends: repeat.end.kind,
          until: repeat.end.kind === 'until' ? repeat.end.date : '',
          count: repeat.end.kind === 'count' ? String(repeat.end.count) : base.count,
        }
      : {}),
    attendees: event.attendees === 'group' ? 'group' : 'some',
    members: event.attendees === 'group' ? [] : event.attendees,
    isPrivate: event.isPrivate ?? false,
    reminders: (event.reminders ?? []).map((reminder) => String(reminder.minutesBefore)),
  };
}

/** The custom rule the form's fields describe. */
function customRepeat(values: EventValues): Repeat {
  const { nth } = weekdayPosition(values.date);
  const weekday = weekdayOf(values.date);
  const [, month, day] = values.date.split('-').map(Number);
  const on: Repeat['on'] =
    values.frequency === 'Monthly' || values.frequency === 'Yearly'
      ? values.monthlyBy === 'day'
        ? { kind: 'day', day }
        : { kind: 'weekday', ordinal: values.monthlyBy === 'last' || nth > 4 ? -1 : (nth as 1 | 2 | 3 | 4), weekday }
      : null;
  return {
    frequency: values.frequency,
    interval: Math.max(1, Number(values.interval) || 1),
    weekdays: values.frequency === 'Weekly' ? (values.weekdays.length ? values.weekdays : [weekday]) : [],
    on,
    month: values.frequency === 'Yearly' ? month : null,
    end:
      values.ends === 'until' && values.until
        ? { kind: 'until', date: values.until }
        : values.ends === 'count'
          ? { kind: 'count', count: Math.max(1, Number(values.count) || 1) }
          : { kind: 'never' },
  };
}

/** The rule the form says, or null; `kept` is an existing rule the words cannot say. */
export function repeatOf(values: EventValues): Repeat | null {
  if (values.repeat === 'none' || values.repeat === 'keep') return null;
  if (values.repeat === 'custom') return customRepeat(values);
  return choicesFor(values.date).find((choice) => choice.id === values.repeat)?.repeat ?? null;
}

/** The API's body for the form's values (`kept`: the stored RRULE when the person left it alone). */
export function eventBody(values: EventValues, kept?: string | null): EventInput {
  const repeat = repeatOf(values);
  let start: string;
  let end: string;
  if (values.allDay) {
    start = values.date;
    end = addDays(values.endDate < values.date ? values.date : values.endDate, 1);
  } else {
    start = instantOf(values.date, values.startTime, values.timeZone);
    // an end at or before the start is on the next day (a party until 01:00)
    const endDate = values.endTime <= values.startTime ? addDays(values.date, 1) : values.date;
    end = instantOf(endDate, values.endTime, values.timeZone);
  }
  const rrule = values.repeat === 'keep' ? kept : repeat ? toRRule(repeat, values.allDay) : null;
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    location: values.location.trim() || null,
    allDay: values.allDay,
    start,
    end,
    timeZone: values.timeZone,
    recurrence: rrule ? { rrule } : null,
    attendees: values.attendees === 'group' || values.members.length === 0 ? 'group' : values.members,
    isPrivate: values.isPrivate,
    reminders: values.reminders.map((minutes) => ({ minutesBefore: Number(minutes) })),
  };
}

interface EventFormProps {
  initial: EventValues;
  submitLabel: string;
  /** the stored rule, kept when the words cannot say it and the person did not change it */
  keptRule?: string | null;
  onSubmit: (values: EventValues) => Promise<unknown>;
  onCancel: () => void;
  /** the form was opened to change an existing event (its details folded open when it has any) */
  editing?: boolean;
}

/**
 * An event: the title first (the only thing a new event needs), then when, repeats in words, and
 * the rest folded under "More": place, time zone, who, private, reminders, notes.
 */
export function EventForm({ initial, submitLabel, keptRule, onSubmit, onCancel, editing = false }: EventFormProps) {
  const t = useT();
  const locale = intlLocale(useLocale());
  const moreId = useId();
  const members = useMemberColors();
  const hasMore = Boolean(initial.location || initial.description || initial.isPrivate || initial.reminders.length || initial.attendees === 'some');
  const [more, setMore] = useState(editing && hasMore);
  const labels = {
    title: t('calendar.form.title'),
    date: t('calendar.form.date'),
    startTime: t('calendar.form.startTime'),
    endTime: t('calendar.form.endTime'),
    endDate: t('calendar.form.endDate'),
    timeZone: t('calendar.form.timeZone'),
    location: t('calendar.form.location'),
    description: t('calendar.form.description'),
    until: t('calendar.form.until'),
    count: t('calendar.form.count'),
    interval: t('calendar.form.interval'),
  };
  const form = useProblemForm<EventValues>({ defaultValues: initial, labels });
  const { register, control, formState, summary } = form;
  const values = useWatch({ control }) as EventValues;
  const choices = choicesFor(values.date || initial.date);
  const repeat = repeatOf(values);
  const errors = formState.errors;
  const weekday = weekdayName(weekdayOf(values.date || initial.date), locale);
  const { nth, last } = weekdayPosition(values.date || initial.date);

  return (
    <>
      <ErrorSummary items={summary} />
      <form className="stack cal-form" noValidate onSubmit={form.submit(onSubmit)}>
        <Field
          label={labels.title}
          autoFocus={!editing}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title', {
            required: t('calendar.form.titleRequired'),
            maxLength: { value: 200, message: t('calendar.form.titleTooLong') },
          })}
        />
        <Checkbox label={t('calendar.form.allDay')} {...register('allDay')} />
        <div className="cal-when-fields">
          <Field
            type="date"
            label={values.allDay ? t('calendar.form.firstDay') : labels.date}
            error={errors.date?.message}
            {...register('date', { required: t('calendar.form.dateRequired') })}
          />
          {values.allDay ? (
            <Field
              type="date"
              label={labels.endDate}
              error={errors.endDate?.message}
              {...register('endDate', { validate: (value, all) => !value || value >= all.date || t('calendar.form.endBeforeStart') })}
            />
          ) : (
            <>
              <Field
                type="time"
                label={labels.startTime}
                error={errors.startTime?.message}
                {...register('startTime', { required: t('calendar.form.timeRequired') })}
              />
              <Field
                type="time"
                label={labels.endTime}
                hint={values.endTime && values.startTime && values.endTime <= values.startTime ? t('calendar.form.endsNextDay') : undefined}
                error={errors.endTime?.message}
                {...register('endTime', { required: t('calendar.form.timeRequired') })}
              />
            </>
          )}
        </div>
        <SelectField label={t('calendar.form.repeats')} {...register('repeat')}>
          {values.repeat === 'keep' && keptRule ? <option value="keep">{t('calendar.repeat.ownRule')}</option> : null}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.repeat ? describeRepeat(choice.repeat, t, locale) : t('calendar.repeat.none')}
            </option>
          ))}
          <option value="custom">{t('calendar.repeat.custom')}</option>
        </SelectField>
        {values.repeat === 'custom' ? (
          <fieldset className="cal-custom stack">
            <legend>{t('calendar.repeat.custom')}</legend>
            <div className="cal-when-fields">
              <Field type="number" inputMode="numeric" min={1} max={99} label={labels.interval} {...register('interval')} />
              <SelectField label={t('calendar.form.unit')} {...register('frequency')}>
                {FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t('calendar.form.unitName', { frequency, interval: Number(values.interval) || 1 })}
                  </option>
                ))}
              </SelectField>
            </div>
            {values.frequency === 'Weekly' ? (
              <fieldset>
                <legend>{t('calendar.form.onDays')}</legend>
                <div className="cal-weekdays">
                  {WEEKDAYS.map((day) => (
                    <Checkbox key={day} id={`weekday-${day}`} label={weekdayName(day, locale)} value={day} {...register('weekdays')} />
                  ))}
                </div>
              </fieldset>
            ) : null}
            {values.frequency === 'Monthly' || values.frequency === 'Yearly' ? (
              <SelectField label={t('calendar.form.monthlyBy')} {...register('monthlyBy')}>
                <option value="day">{t('calendar.form.monthlyByDay', { day: Number(values.date.slice(8, 10)) })}</option>
                {nth <= 4 ? <option value="nth">{t('calendar.form.monthlyByWeekday', { ordinal: String(nth), weekday })}</option> : null}
                {last ? <option value="last">{t('calendar.form.monthlyByWeekday', { ordinal: 'last', weekday })}</option> : null}
              </SelectField>
            ) : null}
            <SelectField label={t('calendar.form.ends')} {...register('ends')}>
              <option value="never">{t('calendar.form.endsNever')}</option>
              <option value="until">{t('calendar.form.endsUntil')}</option>
              <option value="count">{t('calendar.form.endsCount')}</option>
            </SelectField>
            {values.ends === 'until' ? (
              <Field
                type="date"
                label={labels.until}
                error={errors.until?.message}
                {...register('until', {
                  validate: (value, all) =>
                    all.repeat !== 'custom' || all.ends !== 'until' || (!!value && value >= all.date) || t('calendar.form.untilBeforeStart'),
                })}
              />
            ) : null}
            {values.ends === 'count' ? <Field type="number" inputMode="numeric" min={1} label={labels.count} {...register('count')} /> : null}
            {repeat ? <p className="muted">{describeRepeat(repeat, t, locale)}</p> : null}
          </fieldset>
        ) : null}
        <Disclosure open={more} onToggle={() => setMore(!more)} controls={moreId}>
          {t('calendar.form.more')}
        </Disclosure>
        <div id={moreId} className="stack" hidden={!more}>
          <Field
            label={labels.location}
            autoComplete="off"
            error={errors.location?.message}
            {...register('location', { maxLength: { value: 500, message: t('calendar.form.locationTooLong') } })}
          />
          {values.allDay ? null : <TimeZoneField label={labels.timeZone} keep={[initial.timeZone]} {...register('timeZone')} />}
          <fieldset>
            <legend>{t('calendar.form.who')}</legend>
            <div className="radio">
              <input type="radio" id="who-group" value="group" {...register('attendees')} />
              <label htmlFor="who-group">{t('calendar.form.whoGroup')}</label>
            </div>
            <div className="radio">
              <input type="radio" id="who-some" value="some" {...register('attendees')} />
              <label htmlFor="who-some">{t('calendar.form.whoSome')}</label>
            </div>
            {values.attendees === 'some' ? (
              <div className="cal-members">
                {members.map((member) => (
                  <Checkbox key={member.id} id={`member-${member.id}`} label={member.name} value={member.id} {...register('members')} />
                ))}
              </div>
            ) : null}
          </fieldset>
          <Checkbox label={t('calendar.form.private')} {...register('isPrivate')} />
          <fieldset>
            <legend>{t('calendar.form.reminders')}</legend>
            {REMINDERS.map((minutes) => (
              <Checkbox key={minutes} id={`reminder-${minutes}`} label={t(REMINDER_NAMES[minutes])} value={String(minutes)} {...register('reminders')} />
            ))}
          </fieldset>
          <div className={`field${errors.description ? ' field-error' : ''}`}>
            <label htmlFor="description">{labels.description}</label>
            {errors.description ? <p className="field-message">{errors.description.message}</p> : null}
            <textarea id="description" rows={3} {...register('description', { maxLength: { value: 5000, message: t('calendar.form.descriptionTooLong') } })} />
          </div>
        </div>
        <FormButtons submitLabel={submitLabel} busy={formState.isSubmitting} onCancel={onCancel} />
      </form>
    </>
  );
}
