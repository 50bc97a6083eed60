import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/api/session-context';
import { useLocale, useT } from '@/i18n';
import { Disclosure } from '@/ui/Disclosure';
import { EmptyState, LoadState, Page } from '@/ui';
import { intlLocale } from '@/ui/format';
import { useOccurrences, type Layer, type Occurrence } from '../api';
import { addDays, byDay, dayIn, monthWeeks, shiftMonth, weekStart } from '../dates';
import { CalendarNav, LAYERS, LAYER_NAMES, OccurrenceRow, useCalendarFilters, useCalendarZone, useDayName, useMemberColors } from './shared';

/** How far the agenda reaches, and what is kept on the device for offline use. */
export const AGENDA_DAYS = 56;

export type View = 'agenda' | 'week' | 'month';

/** The calendar's sections, the new-event button and the filter by member and layer. */
function Frame({ view, children }: { view: View; children: React.ReactNode }) {
  const t = useT();
  const filters = useCalendarFilters();
  const suffix = filters.search ? `?${filters.search}` : '';
  const newSearch = new URLSearchParams();
  if (filters.date && view !== 'agenda') newSearch.set('date', filters.date);
  return (
    <Page
      title={t('nav.calendar')}
      actions={
        <Link className="btn btn-primary" to={`/calendar/new${newSearch.size ? `?${newSearch.toString()}` : ''}`}>
          {t('calendar.new')}
        </Link>
      }
    >
      <CalendarNav suffix={suffix} />
      <Filters />
      {children}
    </Page>
  );
}

function Filters() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const filters = useCalendarFilters();
  const members = useMemberColors();
  const chosen = members.find((member) => member.id === filters.member);
  const toggle = (layer: Layer) =>
    filters.update({ hidden: filters.hidden.includes(layer) ? filters.hidden.filter((l) => l !== layer) : [...filters.hidden, layer] });
  return (
    <div className="cal-filters">
      <Disclosure open={open} onToggle={() => setOpen(!open)} controls="cal-filter-panel">
        {t('calendar.filter.summary', { who: chosen?.name ?? t('calendar.filter.everyone'), hidden: filters.hidden.length })}
      </Disclosure>
      {open ? (
        <div id="cal-filter-panel" className="cal-filter-panel">
          <fieldset>
            <legend>{t('calendar.filter.who')}</legend>
            <div className="cal-chips">
              <button type="button" className="cal-chip" aria-pressed={!filters.member} onClick={() => filters.update({ member: null })}>
                {t('calendar.filter.everyone')}
              </button>
              {members.map((member) => (
                <button
                  key={member.id}
                  type="button"
                  className="cal-chip"
                  aria-pressed={filters.member === member.id}
                  onClick={() => filters.update({ member: member.id })}
                >
                  <span className="cal-swatch" style={{ background: member.color }} aria-hidden="true" />
                  {member.name}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('calendar.filter.layers')}</legend>
            <div className="cal-chips">
              {LAYERS.map((layer) => (
                <button key={layer} type="button" className="cal-chip" aria-pressed={!filters.hidden.includes(layer)} onClick={() => toggle(layer)}>
                  {t(LAYER_NAMES[layer])}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}

function useToday(zone: string): string {
  return dayIn(new Date(), zone);
}

/** Days with what happens on them, one list per day. */
function DayList({
  days,
  occurrences,
  zone,
  today,
  showEmpty,
}: {
  days: string[];
  occurrences: Occurrence[];
  zone: string;
  today: string;
  showEmpty: boolean;
}) {
  const t = useT();
  const dayName = useDayName();
  const { claims } = useSession();
  const { search } = useCalendarFilters();
  const grouped = byDay(occurrences, zone);
  const shown = showEmpty ? days : days.filter((day) => grouped.has(day));
  return (
    <div className="cal-days">
      {shown.map((day) => (
        <section key={day} className="cal-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className={day === today ? 'cal-day-head cal-today' : 'cal-day-head'}>
            {dayName(day, today)}
          </h2>
          {grouped.has(day) ? (
            <ul className="cal-list">
              {grouped.get(day)!.map((occurrence) => (
                <OccurrenceRow
                  key={`${occurrence.source}-${occurrence.occurrenceId}`}
                  occurrence={occurrence}
                  day={day}
                  zone={zone}
                  userId={claims?.userId}
                  search={search}
                />
              ))}
            </ul>
          ) : (
            <p className="muted cal-nothing">{t('calendar.nothing')}</p>
          )}
        </section>
      ))}
    </div>
  );
}

/** The phone's default: what comes, day by day, from today; the next 8 weeks are kept for offline use. */
export function AgendaView() {
  const t = useT();
  const zone = useCalendarZone();
  const today = useToday(zone);
  const filters = useCalendarFilters();
  const [weeks, setWeeks] = useState(1);
  const to = addDays(today, AGENDA_DAYS * weeks - 1);
  const query = useOccurrences({ from: today, to, attendee: filters.member, layers: filters.layers });
  const days = Array.from({ length: AGENDA_DAYS * weeks }, (_, i) => addDays(today, i));
  return (
    <Frame view="agenda">
      <LoadState
        query={query}
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState title={t('calendar.agenda.empty')} action={<Link to="/calendar/new">{t('calendar.agenda.addFirst')}</Link>}>
            <p>{t('calendar.agenda.emptyHint')}</p>
          </EmptyState>
        }
      >
        {(occurrences) => <DayList days={days} occurrences={occurrences} zone={zone} today={today} showEmpty={false} />}
      </LoadState>
      <div className="actions">
        <button type="button" className="btn btn-secondary" onClick={() => setWeeks(weeks + 1)}>
          {t('calendar.agenda.more')}
        </button>
      </div>
    </Frame>
  );
}

function Stepper({ label, onPrevious, onToday, onNext }: { label: string; onPrevious: () => void; onToday: () => void; onNext: () => void }) {
  const t = useT();
  return (
    <div className="cal-stepper">
      <button type="button" className="btn btn-secondary" onClick={onPrevious} aria-label={t('calendar.previous')}>
        ‹
      </button>
      <h2 className="cal-range" aria-live="polite">
        {label}
      </h2>
      <button type="button" className="btn btn-secondary" onClick={onToday}>
        {t('calendar.goToday')}
      </button>
      <button type="button" className="btn btn-secondary" onClick={onNext} aria-label={t('calendar.next')}>
        ›
      </button>
    </div>
  );
}

/** A week as seven days one under the other (a phone is too narrow for seven columns). */
export function WeekView() {
  const zone = useCalendarZone();
  const today = useToday(zone);
  const filters = useCalendarFilters();
  const locale = intlLocale(useLocale());
  const monday = weekStart(filters.date ?? today);
  const sunday = addDays(monday, 6);
  const query = useOccurrences({ from: monday, to: sunday, attendee: filters.member, layers: filters.layers });
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const label = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(
    new Date(`${monday}T12:00:00Z`),
    new Date(`${sunday}T12:00:00Z`),
  );
  return (
    <Frame view="week">
      <Stepper
        label={label}
        onPrevious={() => filters.update({ date: addDays(monday, -7) })}
        onToday={() => filters.update({ date: null })}
        onNext={() => filters.update({ date: addDays(monday, 7) })}
      />
      <LoadState query={query}>{(occurrences) => <DayList days={days} occurrences={occurrences} zone={zone} today={today} showEmpty />}</LoadState>
    </Frame>
  );
}

/** A month as a grid of days with a dot per occurrence; a tapped day's list below. */
export function MonthView() {
  const t = useT();
  const zone = useCalendarZone();
  const today = useToday(zone);
  const filters = useCalendarFilters();
  const locale = intlLocale(useLocale());
  const anchor = filters.date ?? today;
  const weeks = monthWeeks(anchor);
  const from = weeks[0][0];
  const to = weeks.at(-1)!.at(-1)!;
  const query = useOccurrences({ from, to, attendee: filters.member, layers: filters.layers });
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && chosen >= from && chosen <= to ? chosen : anchor.slice(0, 7) === today.slice(0, 7) ? today : `${anchor.slice(0, 7)}-01`;
  const label = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${anchor.slice(0, 7)}-15T12:00:00Z`));
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Frame view="month">
      <Stepper
        label={label}
        onPrevious={() => filters.update({ date: shiftMonth(anchor, -1) })}
        onToday={() => {
          setChosen(null);
          filters.update({ date: null });
        }}
        onNext={() => filters.update({ date: shiftMonth(anchor, 1) })}
      />
      <LoadState query={query}>
        {(occurrences) => {
          const grouped = byDay(occurrences, zone);
          return (
            <>
              <table className="cal-month">
                <thead>
                  <tr>
                    {weeks[0].map((day) => (
                      <th key={day} scope="col">
                        {weekdayFormat.format(new Date(`${day}T12:00:00Z`))}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week[0]}>
                      {week.map((day) => {
                        const items = grouped.get(day) ?? [];
                        const outside = day.slice(0, 7) !== anchor.slice(0, 7);
                        return (
                          <td key={day}>
                            <button
                              type="button"
                              className={`cal-cell${outside ? ' cal-outside' : ''}${day === today ? ' cal-today' : ''}`}
                              aria-pressed={day === selected}
                              aria-label={t('calendar.month.day', { day: dayFormat.format(new Date(`${day}T12:00:00Z`)), count: items.length })}
                              onClick={() => setChosen(day)}
                            >
                              <span className="cal-cell-number">{Number(day.slice(8, 10))}</span>
                              <span className="cal-dots" aria-hidden="true">
                                {items.slice(0, 3).map((item) => (
                                  <span key={`${item.source}-${item.occurrenceId}`} className="cal-dot" style={{ background: item.color }} />
                                ))}
                                {items.length > 3 ? <span className="cal-more">+</span> : null}
                              </span>
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              <DayList days={[selected]} occurrences={grouped.get(selected) ?? []} zone={zone} today={today} showEmpty />
            </>
          );
        }}
      </LoadState>
    </Frame>
  );
}
