/** A history row's changes as "field: old → new" lines. */
function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  return JSON.stringify(value);
}

export function Changes({ changes, action }: { changes: Record<string, { old?: unknown; new?: unknown }>; action: string }) {
  const entries = Object.entries(changes);
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <ul className="changes">
      {entries.map(([field, change]) => (
        <li key={field}>
          <strong>{field}</strong>:{' '}
          {action === 'Created' ? show(change.new) : action === 'Deleted' ? show(change.old) : `${show(change.old)} → ${show(change.new)}`}
        </li>
      ))}
    </ul>
  );
}
