/** The search's results panel, loaded on first use of the header's search field (SearchBox). */
import { Link } from 'react-router';
import { useSession } from '@/api/session-context';
import { useLocale, useT, type MessageId } from '@/i18n';
import { formatDate, formatMoney } from '@/ui/format';
import { useOfflineSearch, useServerSearch } from './api';
import type { HitKind } from './match';
import { Snippet } from './Snippet';

const KINDS: HitKind[] = ['Note', 'NoteItem', 'Place', 'Transaction', 'Event'];
const KIND_LABEL: Record<HitKind, MessageId> = {
  Note: 'search.kind.Note',
  NoteItem: 'search.kind.NoteItem',
  Place: 'search.kind.Place',
  Transaction: 'search.kind.Transaction',
  Event: 'search.kind.Event',
};

/** Where a hit opens. */
export function hitPath(hit: { type: HitKind; id: string; parentId?: string }): string {
  switch (hit.type) {
    case 'Note':
      return `/notes/${hit.id}`;
    case 'NoteItem':
      return `/notes/${hit.parentId}#item-${hit.id}`;
    case 'Place':
      return `/map/markers/${hit.id}`;
    case 'Transaction':
      return `/budget/transactions/${hit.id}`;
    case 'Event':
      return `/calendar/events/${hit.id}`;
  }
}

interface ShownHit {
  type: HitKind;
  id: string;
  parentId?: string;
  title: string;
  date?: string;
  snippet?: string;
  excerpt?: string;
  /** a transaction's amount, decimal text: written in the reader's language and the group's currency ("49,90 €") */
  amount?: string;
}

export default function SearchResults({ id: panelId, q, online, onOpen }: { id: string; q: string; online: boolean; onOpen: () => void }) {
  const t = useT();
  const { claims } = useSession();
  const locale = useLocale();
  const server = useServerSearch(q, online);
  const offline = useOfflineSearch(q, !online, claims);
  const hits: ShownHit[] = online ? (server.data?.items ?? []) : offline;
  return (
    <div id={panelId} className="search-panel" role="region" aria-label={t('search.results', { q })}>
      {!online ? <p className="search-note">{t('search.offline')}</p> : null}
      {online && server.isError ? <p className="search-note search-error">{t('search.error')}</p> : null}
      {online && server.isPending ? <p className="search-note">{t('search.searching')}</p> : null}
      {hits.length === 0 && (!online || server.isSuccess) ? <p className="search-note">{t('search.empty', { q })}</p> : null}
      <div aria-live="polite" aria-busy={online && server.isFetching}>
        {KINDS.map((kind) => {
          const group = hits.filter((hit) => hit.type === kind);
          if (group.length === 0) return null;
          return (
            <section key={kind} className="search-group" aria-labelledby={`${panelId}-${kind}`}>
              <h2 id={`${panelId}-${kind}`}>{t(KIND_LABEL[kind])}</h2>
              <ul>
                {group.map((hit) => (
                  <li key={hit.id}>
                    <Link to={hitPath(hit)} className="search-hit" onClick={onOpen}>
                      <span className="search-hit-title">{hit.title || t('search.untitled')}</span>
                      <span className="search-hit-snippet">{hit.snippet !== undefined ? <Snippet html={hit.snippet} /> : hit.excerpt}</span>
                      {hit.date ? <span className="search-hit-date">{formatDate(hit.date, false, locale)}</span> : null}
                      {hit.amount ? <span className="search-hit-amount">{formatMoney(hit.amount, claims?.currency ?? 'EUR', locale)}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {online && server.data && !server.data.totalItemsExact ? <p className="search-note">{t('search.more')}</p> : null}
    </div>
  );
}
