import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { updateItem, updateNote, type Note, type NoteItem } from '../api';
import { replacedText } from '../merge';
import { forgetEdit, myEditsKey, type MyEdit } from '../ops';

/** The texts this person wrote lately (ops.ts remembers them), read from the cache. */
export function useMyEdits(): Record<string, MyEdit> {
  // never fetched: written by ops.ts, restored from the device's store
  return useQuery<Record<string, MyEdit>>({ queryKey: myEditsKey, queryFn: () => ({}), enabled: false, staleTime: Infinity }).data ?? {};
}

/** Both versions of a replaced text of one's own, and one tap to restore one's own or keep theirs (either way the notice goes). */
function ReplacedNotice({
  id,
  message,
  keepMine,
  keepTheirs,
  restore,
}: {
  id: string;
  message: string;
  keepMine: string;
  keepTheirs: string;
  restore: () => void;
}) {
  const client = useQueryClient();
  return (
    <div className="notice notice-warning conflict" role="status">
      <p>{message}</p>
      <div className="actions">
        <Button
          onClick={() => {
            restore();
            forgetEdit(client, id);
          }}
        >
          {keepMine}
        </Button>
        <Button variant="secondary" onClick={() => forgetEdit(client, id)}>
          {keepTheirs}
        </Button>
      </div>
    </div>
  );
}

/**
 * Someone else's later edit replaced a text this person wrote (two edits of the same item, the
 * later one to reach the server wins): both versions, and one tap to keep theirs or one's own.
 */
export function ReplacedText({ noteId, item }: { noteId: string; item: NoteItem }) {
  const t = useT();
  const mine = replacedText(useMyEdits()[item.id], 'text', item);
  if (mine === null) return null;
  return (
    <ReplacedNotice
      id={item.id}
      message={t('notes.item.replaced', { mine, theirs: item.text })}
      keepMine={t('notes.item.keepMine')}
      keepTheirs={t('notes.item.keepTheirs', { theirs: item.text })}
      restore={() => updateItem(noteId, item, { text: mine, url: item.url })}
    />
  );
}

/**
 * A title this person changed (offline or not) that another member's choice replaced (both
 * renamed the note; the other kept theirs): told on their next view of the note, with their title
 * and one tap to restore it (a new edit from the current version) or keep the current one.
 */
export function ReplacedTitle({ note }: { note: Note }) {
  const t = useT();
  const mine = replacedText(useMyEdits()[note.id], 'title', note);
  if (mine === null) return null;
  return (
    <ReplacedNotice
      id={note.id}
      message={t('notes.title.replaced', { mine, theirs: note.title })}
      keepMine={t('notes.title.restoreMine', { mine })}
      keepTheirs={t('notes.item.keepTheirs', { theirs: note.title })}
      restore={() => updateNote(note, { title: mine, content: note.content, color: note.color, icon: note.icon })}
    />
  );
}
