import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DateTime } from 'luxon';
import { BellRing } from 'lucide-react';
import { applyProblem, type SummaryItem } from '@/api/form-errors';
import { useGroupMembers } from '@/api/members';
import { ProblemError } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { useLocale, useT } from '@/i18n';
import { intlLocale } from '@/ui/amount';
import { Button, Checkbox, ErrorSummary, Field, formatDate, SelectField, TimeZoneField } from '@/ui';
import { FormButtons } from '@/ui/FormButtons';
import { firstDate } from './reminder-dates';
import { useOwnTimeZone, useRemoveReminder, useSetReminder, type Note, type NoteReminder, type NoteReminderInput } from '../api';

type Repeat = 'None' | 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
type Who = 'me' | 'group' | 'chosen';

interface ReminderValues {
  date: string;
  time: string;
  repeat: Repeat;
  interval: string;
  until: string;
  who: Who;
  members: string[];
  timeZone: string;
  /** for a weekly reminder: the day of the week (1 Monday … 7 Sunday); the first date is worked out from it */
  weekday: string;
}
const FIELDS = ['date', 'time', 'repeat', 'interval', 'until', 'who', 'members', 'timeZone', 'weekday'] as const;

/** An instant in a zone (or the browser's), as the person's language writes it (in the browser's regional variant, like every date of the app). */
function formatWhen(iso: string, language: string, zone: string | null): string {
  const locale = intlLocale(language);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short', ...(zone ? { timeZone: zone } : {}) };
  try {
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
  }
}

function initialValues(reminder: NoteReminder | null, zone: string | undefined): ReminderValues {
  if (reminder) {
    // the first time as the wall clock of its zone (the offset in `at` is that zone's)
    const at = DateTime.fromISO(reminder.at, { setZone: true });
    return {
      date: at.toISODate() ?? '',
      time: at.toFormat('HH:mm'),
      repeat: reminder.repeat?.frequency ?? 'None',
      interval: String(reminder.repeat?.interval ?? 1),
      until: reminder.repeat?.until ?? '',
      who: Array.isArray(reminder.recipients) ? 'chosen' : reminder.recipients,
      members: Array.isArray(reminder.recipients) ? reminder.recipients : [],
      timeZone: reminder.timeZone ?? '',
      weekday: String(at.weekday),
    };
  }
  // tomorrow at 09:00 in the person's zone: a time a reminder is usually wanted
  const tomorrow = DateTime.now()
    .setZone(zone ?? 'local')
    .plus({ days: 1 });
  return {
    date: tomorrow.toISODate() ?? '',
    time: '09:00',
    repeat: 'None',
    interval: '1',
    until: '',
    who: 'me',
    members: [],
    timeZone: '',
    weekday: String(tomorrow.weekday),
  };
}

/** Monday … Sunday in the person's language, as 1 … 7. */
function weekdays(language: string): { value: string; name: string }[] {
  const format = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: String(day), name: format.format(new Date(Date.UTC(2024, 0, day))) }));
}

/** A reminder's next time and rule, as one reads it. */
function ReminderFacts({ reminder }: { reminder: NoteReminder }) {
  const t = useT();
  const locale = useLocale();
  const repeatText = reminder.repeat
    ? t('notes.reminder.repeats', { frequency: reminder.repeat.frequency, interval: reminder.repeat.interval })
    : t('notes.reminder.once');
  const whoText = Array.isArray(reminder.recipients)
    ? t('notes.reminder.whoChosen', { count: reminder.recipients.length })
    : t(reminder.recipients === 'group' ? 'notes.reminder.whoGroup' : 'notes.reminder.whoMe');
  return (
    <>
      <p>{reminder.nextAt ? t('notes.reminder.next', { when: formatWhen(reminder.nextAt, locale, reminder.timeZone) }) : t('notes.reminder.none')}</p>
      <p className="muted">
        {repeatText} · {whoText}
        {reminder.timeZone ? ` · ${reminder.timeZone.replace(/_/g, ' ')}` : ''}
        {reminder.repeat?.until ? ` · ${t('notes.reminder.untilText', { date: formatDate(reminder.repeat.until, false, locale) })}` : ''}
      </p>
    </>
  );
}

/** Other members' reminders the person sees on the note (those for them or the group): read-only, only their setter changes them. */
function OthersReminders({ note }: { note: Note }) {
  const t = useT();
  const { claims } = useSession();
  const members = useGroupMembers();
  const others = (note.reminders ?? []).filter((r) => r.setBy !== claims?.userId);
  if (!others.length) return null;
  const nameOf = (id: string | null) => members.data?.find((member) => member.id === id)?.nickname ?? t('notes.reminder.someone');
  return (
    <>
      <h3 className="reminder-others-title">{t('notes.reminder.others')}</h3>
      <ul className="reminder-others">
        {others.map((reminder, index) => (
          <li key={`${reminder.setBy ?? ''}-${index}`} className="reminder-other">
            <p className="muted">{t('notes.reminder.setBy', { name: nameOf(reminder.setBy) })}</p>
            <ReminderFacts reminder={reminder} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * "Remind me" on a note: the person's own reminder (each member has their own) and its next time,
 * set, change or remove; below it, read-only, other members' reminders for them or the group.
 */
export function ReminderSection({ note }: { note: Note }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const remove = useRemoveReminder(note.id);
  const reminder = note.reminder ?? null;
  return (
    <section className="card reminder" aria-labelledby={`reminder-${note.id}`}>
      <h2 id={`reminder-${note.id}`} className="reminder-title">
        <BellRing size={18} aria-hidden="true" /> {t('notes.reminder.title')}
      </h2>
      {reminder && !editing ? (
        <>
          <ReminderFacts reminder={reminder} />
          <div className="actions">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('notes.reminder.change')}
            </Button>
            <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
              {t('notes.reminder.remove')}
            </Button>
          </div>
        </>
      ) : editing ? (
        <ReminderForm note={note} reminder={reminder} onDone={() => setEditing(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('notes.reminder.add')}
        </Button>
      )}
      <OthersReminders note={note} />
    </section>
  );
}

function ReminderForm({ note, reminder, onDone }: { note: Note; reminder: NoteReminder | null; onDone: () => void }) {
  const t = useT();
  const language = useLocale();
  const { claims } = useSession();
  const ownZone = useOwnTimeZone();
  const members = useGroupMembers();
  const save = useSetReminder(note.id);
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const form = useForm<ReminderValues>({ defaultValues: initialValues(reminder, ownZone) });
  const { register, handleSubmit, setError, formState, watch } = form;
  const repeat = watch('repeat');
  const who = watch('who');
  // daily and weekly repeats need no date: the first one is worked out (every Saturday at 08:00)
  const byWeekday = repeat === 'Daily' || repeat === 'Weekly';
  const [time, weekday, zoneChosen] = watch(['time', 'weekday', 'timeZone']);
  // a daily or weekly repeat starts on the next such day from today, or from the date given

  const zone = zoneChosen || ownZone || 'local';
  const from = watch('date');
  const first = byWeekday && time ? firstDate({ repeat, date: from, time, weekday }, zone) : undefined;
  const labels: Record<(typeof FIELDS)[number], string> = {
    date: t('notes.reminder.date'),
    time: t('notes.reminder.time'),
    repeat: t('notes.reminder.repeat'),
    interval: t('notes.reminder.interval'),
    until: t('notes.reminder.until'),
    who: t('notes.reminder.who'),
    members: t('notes.reminder.members'),
    timeZone: t('notes.reminder.timeZone'),
    weekday: t('notes.reminder.weekday'),
  };
  const submit = handleSubmit(async (values) => {
    setSummary([]);
    const body: NoteReminderInput = {
      at: `${firstDate(values, values.timeZone || ownZone || 'local')}T${values.time}`,
      timeZone: values.timeZone || null,
      repeat: values.repeat === 'None' ? null : { frequency: values.repeat, interval: Number(values.interval), until: values.until || null },
      recipients: note.isPrivate ? 'me' : values.who === 'chosen' ? values.members : values.who,
    };
    try {
      await save.mutateAsync(body);
      onDone();
    } catch (error) {
      if (error instanceof ProblemError && error.code === 'REMINDER_IN_PAST') {
        setError('date', { type: 'server', message: t('notes.reminder.inPast') });
        setSummary([{ field: 'date', message: t('notes.reminder.inPast') }]);
        return;
      }
      setSummary(applyProblem(error, FIELDS, setError, labels));
    }
  });
  const others = (members.data ?? []).filter((member) => member.id !== claims?.userId);
  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary items={summary} />
      <SelectField label={labels.repeat} {...register('repeat')}>
        <option value="None">{t('notes.reminder.repeatNone')}</option>
        <option value="Daily">{t('notes.reminder.repeatDaily')}</option>
        <option value="Weekly">{t('notes.reminder.repeatWeekly')}</option>
        <option value="Monthly">{t('notes.reminder.repeatMonthly')}</option>
        <option value="Yearly">{t('notes.reminder.repeatYearly')}</option>
      </SelectField>
      <div className="grid-2">
        {repeat === 'Weekly' ? (
          <SelectField label={labels.weekday} {...register('weekday')}>
            {weekdays(language).map((day) => (
              <option key={day.value} value={day.value}>
                {day.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {byWeekday ? (
          <Field label={t('notes.reminder.from')} type="date" error={formState.errors.date?.message} {...register('date')} />
        ) : (
          <Field label={labels.date} type="date" error={formState.errors.date?.message} {...register('date', { required: t('notes.reminder.dateRequired') })} />
        )}
        <Field label={labels.time} type="time" error={formState.errors.time?.message} {...register('time', { required: t('notes.reminder.timeRequired') })} />
      </div>
      {first ? (
        <p className="muted" role="status">
          {t('notes.reminder.firstOn', { date: formatDate(first, false, language) })}
        </p>
      ) : null}
      {repeat !== 'None' ? (
        <div className="grid-2">
          <Field
            label={labels.interval}
            hint={t('notes.reminder.intervalHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            error={formState.errors.interval?.message}
            {...register('interval', {
              validate: (value) => (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000) || t('notes.reminder.intervalInvalid'),
            })}
          />
          <Field
            label={labels.until}
            type="date"
            error={formState.errors.until?.message}
            {...register('until', {
              validate: (value, values) => !value || value >= firstDate(values, values.timeZone || ownZone || 'local') || t('notes.reminder.untilBefore'),
            })}
          />
        </div>
      ) : null}
      {note.isPrivate ? (
        <p className="muted">{t('notes.reminder.privateOnlyYou')}</p>
      ) : (
        <fieldset>
          <legend>{labels.who}</legend>
          <div className="radio">
            <input type="radio" id={`who-me-${note.id}`} value="me" {...register('who')} />
            <label htmlFor={`who-me-${note.id}`}>{t('notes.reminder.whoMe')}</label>
          </div>
          <div className="radio">
            <input type="radio" id={`who-group-${note.id}`} value="group" {...register('who')} />
            <label htmlFor={`who-group-${note.id}`}>{t('notes.reminder.whoGroup')}</label>
          </div>
          <div className="radio">
            <input type="radio" id={`who-chosen-${note.id}`} value="chosen" {...register('who')} />
            <label htmlFor={`who-chosen-${note.id}`}>{t('notes.reminder.whoSome')}</label>
          </div>
          {who === 'chosen' ? (
            <fieldset className="reminder-members">
              <legend className="visually-hidden">{labels.members}</legend>
              {claims?.userId ? (
                <Checkbox
                  label={t('notes.reminder.you')}
                  value={claims.userId}
                  id={`member-${claims.userId}`}
                  {...register('members', { validate: (value) => value.length > 0 || t('notes.reminder.membersRequired') })}
                />
              ) : null}
              {others.map((member) => (
                <Checkbox key={member.id} label={member.nickname} value={member.id} id={`member-${member.id}`} {...register('members')} />
              ))}
              {formState.errors.members?.message ? <p className="field-message">{formState.errors.members.message}</p> : null}
            </fieldset>
          ) : null}
        </fieldset>
      )}
      <TimeZoneField
        label={labels.timeZone}
        emptyOption={t('notes.reminder.ownZone', { zone: (ownZone ?? 'UTC').replace(/_/g, ' ') })}
        hint={t('notes.reminder.timeZoneHint')}
        keep={[reminder?.timeZone]}
        {...register('timeZone')}
      />
      <FormButtons submitLabel={t('notes.reminder.save')} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
