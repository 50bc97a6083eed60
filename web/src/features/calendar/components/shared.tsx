import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { memberColor } from '@domain/member-color';
import { useGroupMembers } from '@/api/members';
import { browserTimeZone, useNotificationSettings } from '@/api/notification-settings';
import { useLocale, useT, type MessageId } from '@/i18n';
import { intlLocale } from '@/ui/format';
import { SubNav } from '@/ui/SubNav';
import { LAYERS, useKeptZone, type Layer, type Occurrence } from '../api';
import { wallClock } from '../dates';

export { LAYERS };
export const LAYER_NAMES: Record<Layer, MessageId> = {
  events: 'calendar.layer.events',
  bills: 'calendar.layer.bills',
  reminders: 'calendar.layer.reminders',
  birthdays: 'calendar.layer.birthdays',
  subscriptions: 'calendar.layer.subscriptions',
};

/** The calendar's tabs: its three views (keeping `suffix`, the day and filters in view), "On your phone", other calendars. */
export function CalendarNav({ suffix = '' }: { suffix?: string }) {
  const t = useT();
  return (
    <SubNav
      label={t('calendar.views')}
      items={[
        { to: `/calendar${suffix}`, label: t('calendar.view.agenda'), end: true },
        { to: `/calendar/week${suffix}`, label: t('calendar.view.week') },
        { to: `/calendar/month${suffix}`, label: t('calendar.view.month') },
        { to: '/calendar/phone', label: t('calendar.phone.title') },
        { to: '/calendar/other', label: t('calendar.other.title') },
      ]}
    />
  );
}

/** The zone the calendar's days are in: the person's (notification settings; offline, as last read), else this device's. */
export function useCalendarZone(): string {
  const settings = useNotificationSettings();
  return useKeptZone(settings.data?.timeZone) ?? browserTimeZone() ?? 'UTC';
}

/** The members with the colour each is shown in. */
export function useMemberColors() {
  const members = useGroupMembers();
  return useMemo(() => (members.data ?? []).map((member) => ({ id: member.id, name: member.nickname, color: memberColor(member.id) })), [members.data]);
}

/** What the address says the calendar shows: the day in view, one member, hidden layers. */
export function useCalendarFilters() {
  const [params, setParams] = useSearchParams();
  const member = params.get('member') ?? undefined;
  const hidden = (params.get('hide') ?? '').split(',').filter((layer): layer is Layer => (LAYERS as readonly string[]).includes(layer));
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : undefined;
  const update = (change: { member?: string | null; hidden?: Layer[]; date?: string | null }) => {
    const next = new URLSearchParams(params);
    if (change.member !== undefined) {
      if (change.member) next.set('member', change.member);
      else next.delete('member');
    }
    if (change.hidden !== undefined) {
      if (change.hidden.length) next.set('hide', change.hidden.join(','));
      else next.delete('hide');
    }
    if (change.date !== undefined) {
      if (change.date) next.set('date', change.date);
      else next.delete('date');
    }
    setParams(next, { replace: true });
  };
  const layers = hidden.length ? LAYERS.filter((layer) => !hidden.includes(layer)) : undefined;
  return { member, hidden, layers, date, update, search: params.toString() };
}

/** "Saturday, 28 November" (with the year when it is not this one), "Today", "Tomorrow". */
export function useDayName() {
  const t = useT();
  const locale = intlLocale(useLocale());
  return (day: string, today: string, withYear = false) => {
    const date = new Date(`${day}T12:00:00Z`);
    const name = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(withYear || day.slice(0, 4) !== today.slice(0, 4) ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(date);
    const [y, m, d] = today.split('-').map(Number);
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    if (day === today) return t('calendar.today', { day: name });
    if (day === tomorrow) return t('calendar.tomorrow', { day: name });
    return name;
  };
}

/** "10:00–11:00", "All day", or "from 22:00" / "until 01:00" for a day a timed event crosses. */
export function useTimeText(zone: string) {
  const t = useT();
  const locale = intlLocale(useLocale());
  // the language's own short time: "00:15" in English (UK) and German, as a column under "23:00", not "0:15"
  const format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone });
  return (occurrence: Pick<Occurrence, 'start' | 'end' | 'allDay'>, day: string) => {
    if (occurrence.allDay) return t('calendar.allDay');
    const starts = wallClock(occurrence.start, zone).date === day;
    const ends = wallClock(occurrence.end, zone).date === day;
    const start = format.format(new Date(occurrence.start));
    const end = format.format(new Date(occurrence.end));
    if (starts && ends) return t('calendar.timeRange', { start, end });
    if (starts) return t('calendar.timeFrom', { start });
    if (ends) return t('calendar.timeUntil', { end });
    return t('calendar.allDay');
  };
}

/** Where a layer's item is changed (layers are read-only here), or null. */
export function layerLink(occurrence: Occurrence, userId: string | undefined): { to: string; label: MessageId } | null {
  const id = occurrence.entityId;
  switch (occurrence.source) {
    case 'bill':
      return id ? { to: `/budget/recurring/${id}`, label: 'calendar.changeBill' } : null;
    case 'reminder':
      return id ? { to: `/notes/${id}`, label: 'calendar.changeReminder' } : null;
    case 'birthday':
      return id === userId ? { to: '/account', label: 'calendar.changeBirthday' } : { to: '/members', label: 'calendar.birthdayOf' };
    default:
      return null;
  }
}

/** One occurrence in a list: its colour, time, title, and where it opens. */
export function OccurrenceRow({
  occurrence,
  day,
  zone,
  userId,
  search,
}: {
  occurrence: Occurrence;
  day: string;
  zone: string;
  userId?: string;
  search: string;
}) {
  const t = useT();
  const timeText = useTimeText(zone);
  const link = layerLink(occurrence, userId);
  const { pathname } = useLocation();
  const body = (
    <>
      <span className="cal-swatch" style={{ background: occurrence.color }} aria-hidden="true" />
      <span className="cal-when">{timeText(occurrence, day)}</span>
      <span className="cal-title">{occurrence.title}</span>
      {occurrence.source !== 'event' ? <span className="cal-layer">{t(`calendar.source.${occurrence.source}` as MessageId)}</span> : null}
    </>
  );
  if (occurrence.source === 'event' && occurrence.eventId) {
    const at = new URLSearchParams(search);
    // which occurrence was opened, as the series gives it, and its times
    at.set('occurrence', occurrence.originalStart ?? occurrence.start);
    at.set('start', occurrence.start);
    at.set('end', occurrence.end);
    const view = pathname.split('/')[2];
    if (view === 'week' || view === 'month') at.set('view', view);
    return (
      <li>
        <Link className="cal-item" to={`/calendar/events/${occurrence.eventId}?${at.toString()}`}>
          {body}
        </Link>
      </li>
    );
  }
  return (
    <li>
      <div className="cal-item cal-item-layer">
        {body}
        {link ? (
          <Link className="cal-layer-link" to={link.to}>
            {t(link.label)}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
