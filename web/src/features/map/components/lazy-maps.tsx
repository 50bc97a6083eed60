import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/ui';

const loadMaps = () => import('./leaflet-maps');
const LazyMarkersMap = lazy(() => loadMaps().then((module) => ({ default: module.MarkersMap })));
const LazyPinMap = lazy(() => loadMaps().then((module) => ({ default: module.PinMap })));

/** Leaflet is fetched the first time one of these renders, never with the rest of the app. */
export function MarkersMap(props: ComponentProps<typeof LazyMarkersMap>) {
  return (
    <Suspense fallback={<Skeleton lines={8} />}>
      <LazyMarkersMap {...props} />
    </Suspense>
  );
}

export function PinMap(props: ComponentProps<typeof LazyPinMap>) {
  return (
    <Suspense fallback={<Skeleton lines={5} />}>
      <LazyPinMap {...props} />
    </Suspense>
  );
}
