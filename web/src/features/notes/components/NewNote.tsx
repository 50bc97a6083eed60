import { Link, useNavigate } from 'react-router';
import { Page } from '@/ui';
import { useCreateNote } from '../api';
import { NoteForm } from './NoteForm';
import { useT } from '@/i18n';

export default function NewNote() {
  const t = useT();
  const create = useCreateNote();
  const navigate = useNavigate();
  return (
    <Page title={t('notes.new')} actions={<Link to="/notes">{t('notes.all')}</Link>}>
      <NoteForm
        initial={{ title: '', content: '', color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false }}
        askPrivacy
        submitLabel={t('notes.create')}
        onSubmit={async (body) => {
          // shown at once, sent when it can be (offline too)
          const noteId = create({ ...body, isPrivate: body.isPrivate ?? false });
          navigate(`/notes/${noteId}`, { replace: true });
        }}
      />
    </Page>
  );
}
