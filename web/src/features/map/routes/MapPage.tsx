import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import { SubNav } from '@/ui/SubNav';
import '../map.css';

// Leaflet and the rich-text editor come with the pages that need them, never with the shell
const MapHome = lazy(() => import('../components/MapHome'));
const MarkerList = lazy(() => import('../components/MarkerList'));
const MarkerDetail = lazy(() => import('../components/MarkerDetail'));
const MarkerEditor = lazy(() => import('../components/MarkerEditor'));
const Trash = lazy(() => import('../components/Trash'));

const SECTIONS = [
  { to: '/map', label: 'Map', end: true },
  { to: '/map/list', label: 'List' },
  { to: '/map/trash', label: 'Trash' },
];

export default function MapPage() {
  return (
    <>
      <SubNav label="Map views" items={SECTIONS} />
      <Routes>
        <Route index element={<MapHome />} />
        <Route path="list" element={<MarkerList />} />
        <Route path="trash" element={<Trash />} />
        <Route path="new" element={<MarkerEditor />} />
        <Route path="markers/:markerId" element={<MarkerDetail />} />
        <Route path="markers/:markerId/edit" element={<MarkerEditor />} />
        <Route
          path="*"
          element={
            <Page title="Map">
              <EmptyState title="There is no such map page" action={<Link to="/map">Back to the map</Link>} />
            </Page>
          }
        />
      </Routes>
    </>
  );
}
