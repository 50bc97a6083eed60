import { Link, useNavigate } from 'react-router';
import { Page } from '@/ui';
import { useCreateNote } from '../api';
import { NoteForm } from './NoteForm';

export default function NewNote() {
  const create = useCreateNote();
  const navigate = useNavigate();
  return (
    <Page title="New note" actions={<Link to="/notes">All notes</Link>}>
      <NoteForm
        initial={{ title: '', content: '', color: '#3B82F6', icon: 'ShoppingCart', isPrivate: false }}
        askPrivacy
        submitLabel="Create note"
        onSubmit={async (body) => {
          // shown at once, sent when it can be (offline too)
          const noteId = create({ ...body, isPrivate: body.isPrivate ?? false });
          navigate(`/notes/${noteId}`, { replace: true });
        }}
      />
    </Page>
  );
}
