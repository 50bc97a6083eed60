import { lazy, Suspense } from 'react';
import { useMutationState } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import '../notes.css';
import { NotesList } from '../components/NotesList';
import { NOTE_OP_KEY } from '../ops';
import { useT } from '@/i18n';

const NoteDetail = lazy(() => import('../components/NoteDetail'));
const NewNote = lazy(() => import('../components/NewNote'));
const Refusals = lazy(() => import('../components/Refusals').then((module) => ({ default: module.Refusals })));

/** The changes the server refused, with their choices: their code loads only when there is one. */
function RefusedChanges() {
  const refused = useMutationState({ filters: { mutationKey: NOTE_OP_KEY, status: 'error' }, select: (mutation) => mutation.mutationId });
  if (refused.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Refusals />
    </Suspense>
  );
}

/** /notes: the list (pinned first); /notes/new; /notes/:noteId with its checklist. */
export default function NotesPage() {
  const t = useT();
  return (
    <>
      <RefusedChanges />
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
