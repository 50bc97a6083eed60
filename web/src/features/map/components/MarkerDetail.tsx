import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { Button, DateText, LoadState, Notice, Page, RichText } from '@/ui';
import { DangerAction } from '@/ui/DangerAction';
import { mapApi, useMapMutation, useMarker, type MarkerDetail as Marker } from '../api';
import { ImageManager } from './ImageManager';
import { PinMap } from './lazy-maps';
import { Stars } from './Stars';
import { useT } from '@/i18n';

export default function MarkerDetail() {
  const { markerId = '' } = useParams();
  const marker = useMarker(markerId);
  return <LoadState query={marker}>{(data) => <MarkerView marker={data} />}</LoadState>;
}

function MarkerView({ marker }: { marker: Marker }) {
  const t = useT();
  const navigate = useNavigate();
  // photos chosen in the new-place form (files survive in the history entry's state)
  const location = useLocation();
  const [pending] = useState(() => (location.state as { photos?: File[] } | null)?.photos);
  useEffect(() => {
    // once taken, a reload must not upload them again
    if (pending?.length) navigate('.', { replace: true, state: null });
  }, [pending, navigate]);
  const [moving, setMoving] = useState(false);
  const move = useMapMutation(mapApi.move);
  // leaves the page before the caches refresh: the marker is now in the trash (404 here)
  const remove = useMapMutation(async (id: string) => {
    await mapApi.remove(id);
    navigate('/map/trash', { replace: true, state: { deleted: marker.title } });
  });
  return (
    <Page
      title={marker.title}
      actions={
        <Link className="btn btn-secondary" to={`/map/markers/${marker.id}/edit`}>
          {t('map.edit')}
        </Link>
      }
    >
      <p className="marker-meta">
        <Stars rating={marker.rating} /> · <DateText value={marker.date} />
      </p>
      {marker.address ? <p className="muted">{marker.address}</p> : null}
      {/* sanitised by the API on every write and again here, to the same allow-list (no scripts, styles or event handlers) */}
      {marker.description ? <RichText html={marker.description} /> : null}

      <h2>{t('map.photos')}</h2>
      <ImageManager markerId={marker.id} title={marker.title} pending={pending} />

      <h2>{t('map.onTheMap')}</h2>
      <PinMap
        latitude={marker.latitude}
        longitude={marker.longitude}
        label={moving ? t('map.pin.moving', { title: marker.title }) : t('map.pin.label', { title: marker.title })}
        onPick={moving ? (latitude, longitude) => move.mutate({ id: marker.id, body: { latitude, longitude } }) : undefined}
      />
      <div className="actions">
        <Button variant="secondary" aria-pressed={moving} onClick={() => setMoving((value) => !value)}>
          {moving ? t('map.pin.done') : t('map.pin.move')}
        </Button>
        <span className="muted" aria-live="polite">
          {move.isPending ? t('map.pin.saving') : move.isSuccess ? t('map.pin.saved') : `${marker.latitude.toFixed(5)}, ${marker.longitude.toFixed(5)}`}
        </span>
      </div>
      {move.isError ? <Notice tone="warning">{describeProblem(move.error)}</Notice> : null}

      <DangerAction
        label={t('map.delete')}
        question={t('map.delete.question')}
        confirmLabel={t('map.delete.confirm')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(marker.id)}
      >
        {t('map.delete.explain', { title: marker.title })}
      </DangerAction>
    </Page>
  );
}
