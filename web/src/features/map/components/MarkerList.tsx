import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ImageOff } from 'lucide-react';
import { DateText, EmptyState, Field, LoadState, Page, SelectField } from '@/ui';
import { Pager } from '@/ui/Pager';
import { useDebounced, useMarkers, type Marker } from '../api';
import { Stars } from './Stars';
import { useT, type MessageId } from '@/i18n';

const SORTS: { value: string; label: MessageId }[] = [
  { value: '-date', label: 'map.sort.newest' },
  { value: 'date', label: 'map.sort.oldest' },
  { value: 'title', label: 'map.sort.title' },
  { value: '-rating', label: 'map.sort.rating' },
  { value: '-updatedDate', label: 'map.sort.changed' },
];

/** Every place as a list: search in titles and descriptions, sort, pages. */
export default function MarkerList() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const settled = useDebounced(search.trim(), 350);
  const sort = params.get('sort') ?? '-date';
  const page = Number(params.get('page') ?? 1) || 1;
  useEffect(() => {
    if (settled === (params.get('search') ?? '')) return;
    const next = new URLSearchParams(params);
    if (settled) next.set('search', settled);
    else next.delete('search');
    next.delete('page');
    setParams(next, { replace: true });
  }, [settled, params, setParams]);
  const markers = useMarkers({ page, pageSize: 20, sort, search: params.get('search') || undefined });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return (
    <Page
      title={t('map.places')}
      actions={
        <Link className="btn btn-primary" to="/map/new">
          {t('map.add')}
        </Link>
      }
    >
      <div className="toolbar grid-2">
        <Field
          label={t('map.list.search')}
          name="search"
          type="search"
          hint={t('map.list.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField label={t('map.list.sort')} name="sort" value={sort} onChange={(event) => set('sort', event.target.value)}>
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </SelectField>
      </div>
      <LoadState
        query={markers}
        isEmpty={(result) => result.totalItems === 0}
        empty={
          <EmptyState
            title={params.get('search') ? t('map.list.noMatch') : t('map.list.empty')}
            action={
              <Link className="btn btn-primary" to="/map/new">
                {t('map.list.addFirst')}
              </Link>
            }
          >
            {params.get('search') ? t('map.list.noMatchHint') : t('map.list.emptyHint')}
          </EmptyState>
        }
      >
        {(result) => (
          <>
            <ul className="marker-list" aria-label={t('map.places')}>
              {result.items.map((marker) => (
                <MarkerCard key={marker.id} marker={marker} />
              ))}
            </ul>
            <Pager page={result.page} totalPages={result.totalPages} totalItems={result.totalItems} onPage={(next) => set('page', String(next))} />
          </>
        )}
      </LoadState>
    </Page>
  );
}

export function MarkerCard({ marker, action }: { marker: Marker; action?: React.ReactNode }) {
  return (
    <li className="marker-card">
      {marker.coverThumbnailUrl ? (
        <img src={marker.coverThumbnailUrl} alt="" className="marker-thumb" loading="lazy" />
      ) : (
        <span className="marker-thumb marker-thumb-empty" aria-hidden="true">
          <ImageOff size={22} />
        </span>
      )}
      <div className="row-main">
        <h2 className="marker-card-title">{marker.deletedDate ? marker.title : <Link to={`/map/markers/${marker.id}`}>{marker.title}</Link>}</h2>
        <p className="muted marker-card-meta">
          <Stars rating={marker.rating} /> · <DateText value={marker.date} />
          {marker.address ? ` · ${marker.address}` : ''}
        </p>
        {action}
      </div>
    </li>
  );
}
