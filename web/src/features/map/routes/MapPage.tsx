import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import { SubNav } from '@/ui/SubNav';
import '../map.css';
import { useT, type MessageId } from '@/i18n';

// Leaflet and the rich-text editor come with the pages that need them, never with the shell
const MapHome = lazy(() => import('../components/MapHome'));
const MarkerList = lazy(() => import('../components/MarkerList'));
const MarkerDetail = lazy(() => import('../components/MarkerDetail'));
const MarkerEditor = lazy(() => import('../components/MarkerEditor'));
const Trash = lazy(() => import('../components/Trash'));

const SECTIONS: { to: string; label: MessageId; end?: boolean }[] = [
  { to: '/map', label: 'map.title', end: true },
  { to: '/map/list', label: 'map.list' },
  { to: '/map/trash', label: 'map.trash' },
];

export default function MapPage() {
  const t = useT();
  return (
    <>
      <SubNav label={t('map.views')} items={SECTIONS.map((section) => ({ ...section, label: t(section.label) }))} />
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
            <Page title={t('map.title')}>
              <EmptyState title={t('map.noSuchPage')} action={<Link to="/map">{t('map.backToMap')}</Link>} />
            </Page>
          }
        />
      </Routes>
    </>
  );
}
