import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/ui';
import { MarkersMap } from './lazy-maps';

export default function MapHome() {
  const [count, setCount] = useState<number | null>(null);
  return (
    <Page
      title="Map"
      actions={
        <Link className="btn btn-primary" to="/map/new">
          Add place
        </Link>
      }
    >
      <MarkersMap onCount={setCount} />
      <p className="muted map-caption" aria-live="polite">
        {count === null ? 'Loading places…' : count === 0 ? 'No places here yet.' : count === 1 ? '1 place in view.' : `${count} places in view.`} Tap the map to add a place there, or{' '}
        <Link to="/map/list">see them as a list</Link>.
      </p>
    </Page>
  );
}
