import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import '../notes.css';
import { NotesList } from '../components/NotesList';
import { Refusals } from '../components/Refusals';
import { useT } from '@/i18n';

const NoteDetail = lazy(() => import('../components/NoteDetail'));
const NewNote = lazy(() => import('../components/NewNote'));

/** /notes: the list (pinned first); /notes/new; /notes/:noteId with its checklist. */
export default function NotesPage() {
  const t = useT();
  return (
    <>
      <Refusals />
      <Routes>
      <Route index element={<NotesList />} />
      <Route path="new" element={<NewNote />} />
      <Route path=":noteId" element={<NoteDetail />} />
      <Route
        path="*"
        element={
          <Page title={t('nav.notes')}>
            <EmptyState title={t('notes.noSuchPage')} action={<Link to="/notes">{t('notes.all')}</Link>} />
          </Page>
        }
      />
      </Routes>
    </>
  );
}
