/**
 * Everything that needs Leaflet, in one chunk loaded only by the map pages. Leaflet's keyboard
 * support is kept: the map pans with arrows, zooms with +/-, markers are focusable and open on Enter.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { translate, useT } from '@/i18n';
import { useMarkerLocations } from '../api';
import { OSM_LINK, TILE_ATTRIBUTION, TILE_MAX_ZOOM, TILE_URL } from '../tiles';

const pin = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

const VIEW_KEY = 'hearth.map.view';

function Tiles() {
  return <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION ?? translate('map.tiles.attribution', { osm: OSM_LINK })} maxZoom={TILE_MAX_ZOOM} />;
}

const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** The visible box as the API's `bbox` (longitudes wrapped; the whole world when wider than it). */
export function boundsToBbox(bounds: L.LatLngBounds): string {
  const west = bounds.getWest();
  const east = bounds.getEast();
  const south = Math.max(-90, bounds.getSouth());
  const north = Math.min(90, bounds.getNorth());
  if (east - west >= 360) return `-180,${round(south)},180,${round(north)}`;
  return [round(wrap(west)), round(south), round(wrap(east)), round(north)].join(',');
}

function readSavedView(): { center: [number, number]; zoom: number } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(VIEW_KEY) ?? 'null');
    return saved && Array.isArray(saved.center) && typeof saved.zoom === 'number' ? saved : null;
  } catch {
    return null;
  }
}

function ViewTracker({ onBbox }: { onBbox: (bbox: string) => void }) {
  const map = useMapEvents({
    moveend: () => {
      onBbox(boundsToBbox(map.getBounds()));
      const center = map.getCenter();
      sessionStorage.setItem(VIEW_KEY, JSON.stringify({ center: [center.lat, center.lng], zoom: map.getZoom() }));
    },
  });
  useEffect(() => {
    onBbox(boundsToBbox(map.getBounds()));
  }, [map, onBbox]);
  return null;
}

/** On the first visit (no saved view) the map frames every marker once they have loaded. */
function FitOnce({ points }: { points: [number, number][] | undefined }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !points) return;
    done.current = true;
    if (points.length === 1) map.setView(points[0], 12);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 14 });
  }, [map, points]);
  return null;
}

/** Leaflet's own words (zoom buttons, a popup's close button) in the app's language. */
function LeafletWords() {
  const t = useT();
  const map = useMapEvents({
    popupopen: (event) => event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', t('common.close')),
  });
  // Leaflet's credit as it is, without its English tooltip
  useEffect(() => {
    const control = map.attributionControl;
    if (control && typeof control.options.prefix === 'string') control.setPrefix(control.options.prefix.replace(/ title="[^"]*"/, ''));
  }, [map]);
  return <ZoomControl position="topleft" zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />;
}

function ClickToAdd() {
  const t = useT();
  const [spot, setSpot] = useState<L.LatLng | null>(null);
  useMapEvents({ click: (event) => setSpot(event.latlng) });
  if (!spot) return null;
  return (
    <Popup position={spot} eventHandlers={{ remove: () => setSpot(null) }}>
      <Link to={`/map/new?lat=${spot.lat.toFixed(6)}&lng=${wrap(spot.lng).toFixed(6)}`}>{t('map.addHere')}</Link>
    </Popup>
  );
}

/** The group's markers in the visible part of the world; click the map to add one there. */
export function MarkersMap({ onCount }: { onCount?: (count: number | null) => void }) {
  const t = useT();
  const saved = useMemo(readSavedView, []);
  const [bbox, setBbox] = useState<string | null>(null);
  const locations = useMarkerLocations(bbox);
  const all = useMarkerLocations(saved ? null : '-180,-90,180,90');
  useEffect(() => onCount?.(locations.data?.length ?? null), [locations.data, onCount]);
  const firstPoints = useMemo(() => all.data?.map((marker) => [marker.latitude, marker.longitude] as [number, number]), [all.data]);
  return (
    <MapContainer className="leaflet-map map-full" center={saved?.center ?? [30, 10]} zoom={saved?.zoom ?? 2} worldCopyJump keyboard zoomControl={false}>
      <Tiles />
      <LeafletWords />
      <ViewTracker onBbox={setBbox} />
      {saved ? null : <FitOnce points={firstPoints} />}
      <ClickToAdd />
      {(locations.data ?? []).map((marker) => (
        <Marker key={marker.id} position={[marker.latitude, marker.longitude]} icon={pin} title={marker.title} alt={marker.title}>
          <Popup>
            <strong>{marker.title}</strong>
            <br />
            <span aria-label={t('map.rated', { rating: marker.rating })}>{'★'.repeat(marker.rating)}</span>
            <br />
            <Link to={`/map/markers/${marker.id}`}>{t('map.open', { title: marker.title })}</Link>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}

interface PinMapProps {
  latitude: number | null;
  longitude: number | null;
  /** a click on the map or a dragged pin: the new place */
  onPick?: (latitude: number, longitude: number) => void;
  label: string;
}

function Recenter({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const map = useMap();
  useEffect(() => {
    if (latitude !== null && longitude !== null && !map.getBounds().pad(-0.2).contains([latitude, longitude])) {
      map.setView([latitude, longitude], Math.max(map.getZoom(), 11));
    }
  }, [map, latitude, longitude]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (latitude: number, longitude: number) => void }) {
  useMapEvents({ click: (event) => onPick(round6(event.latlng.lat), round6(wrap(event.latlng.lng))) });
  return null;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** One pin: where a marker is; with `onPick`, click the map or drag the pin to move it. */
export function PinMap({ latitude, longitude, onPick, label }: PinMapProps) {
  const has = latitude !== null && longitude !== null;
  const eventHandlers = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const position = (event.target as L.Marker).getLatLng();
        onPick?.(round6(position.lat), round6(wrap(position.lng)));
      },
    }),
    [onPick],
  );
  return (
    <div role="group" aria-label={label}>
      <MapContainer className="leaflet-map map-small" center={has ? [latitude, longitude] : [30, 10]} zoom={has ? 12 : 2} keyboard zoomControl={false}>
        <Tiles />
        <LeafletWords />
        <Recenter latitude={latitude} longitude={longitude} />
        {onPick ? <PickOnClick onPick={onPick} /> : null}
        {has ? (
          <Marker position={[latitude, longitude]} icon={pin} draggable={Boolean(onPick)} eventHandlers={eventHandlers} title={label} alt={label} />
        ) : null}
      </MapContainer>
    </div>
  );
}
