import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { Button, EmptyState, LoadState, Notice, Page } from '@/ui';
import { Pager } from '@/ui/Pager';
import { mapApi, useMapMutation, useMarkers } from '../api';
import { MarkerCard } from './MarkerList';
import { useT } from '@/i18n';

/** Deleted places, restorable until the daily clean-up removes them (after 30 days by default). */
export default function Trash() {
  const t = useT();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const trash = useMarkers({ page, pageSize: 20, deleted: true, sort: '-deletedDate' });
  const restore = useMapMutation(mapApi.restore);
  const [restored, setRestored] = useState<{ id: string; title: string } | null>(null);
  const deleted = (location.state as { deleted?: string } | null)?.deleted;
  return (
    <Page title={t('map.trash')}>
      {restored ? (
        <Notice tone="success">
          {t('map.trash.restored', { title: restored.title })} <Link to={`/map/markers/${restored.id}`}>{t('map.trash.openIt')}</Link>
        </Notice>
      ) : deleted ? (
        <Notice tone="info">{t('map.trash.moved', { title: deleted })}</Notice>
      ) : null}
      {restore.isError ? <Notice tone="warning">{describeProblem(restore.error)}</Notice> : null}
      <p className="muted">{t('map.trash.intro')}</p>
      <LoadState query={trash} isEmpty={(result) => result.totalItems === 0} empty={<EmptyState title={t('map.trash.empty')} />}>
        {(result) => (
          <>
            <ul className="marker-list" aria-label={t('map.trash.list')}>
              {result.items.map((marker) => (
                <MarkerCard
                  key={marker.id}
                  marker={marker}
                  action={
                    <Button
                      variant="secondary"
                      busy={restore.isPending && restore.variables === marker.id}
                      onClick={() => restore.mutate(marker.id, { onSuccess: () => setRestored({ id: marker.id, title: marker.title }) })}
                    >
                      {t('map.trash.restore')}
                      <span className="visually-hidden"> {marker.title}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
            <Pager page={result.page} totalPages={result.totalPages} totalItems={result.totalItems} onPage={(next) => setParams({ page: String(next) })} />
          </>
        )}
      </LoadState>
    </Page>
  );
}
