import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/ui';
import { MarkersMap } from './lazy-maps';
import { Message, useT } from '@/i18n';

export default function MapHome() {
  const t = useT();
  const [count, setCount] = useState<number | null>(null);
  return (
    <Page
      title={t('map.title')}
      actions={
        <Link className="btn btn-primary" to="/map/new">
          {t('map.add')}
        </Link>
      }
    >
      <MarkersMap onCount={setCount} />
      <p className="muted map-caption" aria-live="polite">
        {count === null ? t('map.home.loading') : t('map.home.inView', { count })}{' '}
        <Message id="map.home.hint" values={{ list: (text) => <Link to="/map/list">{text}</Link> }} />
      </p>
    </Page>
  );
}
