import { use } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/ui';
import { useCreateNote } from '../api';
import { NoteForm } from './NoteForm';
import { needMessages, useT } from '@/i18n';

// the choice of a shopping list is worded by the shopping part's messages (loaded with this page)
const shoppingWords = needMessages('shopping');

export default function NewNote() {
  use(shoppingWords);
  const t = useT();
  const create = useCreateNote();
  const navigate = useNavigate();
  return (
    <Page title={t('notes.new')} actions={<Link to="/notes">{t('notes.all')}</Link>}>
      <NoteForm
        initial={{ title: '', content: '', color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false, kind: 'list' }}
        askPrivacy
        submitLabel={t('notes.create')}
        onSubmit={async (body) => {
          // shown at once, sent when it can be (offline too)
          const noteId = create({ ...body, isPrivate: body.isPrivate ?? false, kind: body.kind ?? 'list' });
          navigate(`/notes/${noteId}`, { replace: true });
        }}
      />
    </Page>
  );
}
