import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { useT } from '@/i18n';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import '../calendar.css';
import { AgendaView, MonthView, WeekView } from '../components/CalendarViews';

const NewEventPage = lazy(() => import('../components/EventPages').then((module) => ({ default: module.NewEventPage })));
const EventPage = lazy(() => import('../components/EventPages').then((module) => ({ default: module.EventPage })));
const OtherCalendarsPage = lazy(() => import('../components/OtherCalendarsPage').then((module) => ({ default: module.OtherCalendarsPage })));
const PhonePage = lazy(() => import('../components/PhonePage').then((module) => ({ default: module.PhonePage })));

/** /calendar: the agenda (the phone's default), /calendar/week, /calendar/month, an event, "On your phone", other calendars (outside ones, an .ics import). */
export default function CalendarPage() {
  const t = useT();
  return (
    <Routes>
      <Route index element={<AgendaView />} />
      <Route path="week" element={<WeekView />} />
      <Route path="month" element={<MonthView />} />
      <Route path="new" element={<NewEventPage />} />
      <Route path="events/:eventId" element={<EventPage />} />
      <Route path="phone" element={<PhonePage />} />
      <Route path="other" element={<OtherCalendarsPage />} />
      <Route
        path="*"
        element={
          <Page title={t('nav.calendar')}>
            <EmptyState title={t('calendar.noSuchPage')} action={<Link to="/calendar">{t('calendar.backToCalendar')}</Link>} />
          </Page>
        }
      />
    </Routes>
  );
}
