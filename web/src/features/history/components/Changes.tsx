/** What a history row changed, in a line or two a person can read. */
type Change = { old?: unknown; new?: unknown };

/** Fields that name the thing, in order of preference. */
const NAME_FIELDS = ['title', 'name', 'nickname', 'username', 'text', 'description'];
/** Bookkeeping a person does not need to read (ids, authorship, ordering). */
const TECHNICAL = /(^id$|Id$|By$|^order$|^version$)/;

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 59)}…` : value;
  if (Array.isArray(value)) return value.length ? value.map((item) => show(item)).join(', ') : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

function nameOf(changes: Record<string, Change>, side: 'old' | 'new'): string | null {
  for (const field of NAME_FIELDS) {
    const value = changes[field]?.[side];
    if (typeof value === 'string' && value) return show(value);
  }
  return null;
}

export function Changes({ changes, action }: { changes: Record<string, Change>; action: string }) {
  if (action === 'Created' || action === 'Deleted' || action === 'Restored') {
    const name = nameOf(changes, action === 'Deleted' ? 'old' : 'new');
    return name ? <span>“{name}”</span> : <span className="muted">—</span>;
  }
  const entries = Object.entries(changes).filter(([field]) => !TECHNICAL.test(field));
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <ul className="changes">
      {entries.map(([field, change]) => (
        <li key={field}>
          <strong>{field}</strong>: {show(change.old)} → {show(change.new)}
        </li>
      ))}
    </ul>
  );
}
