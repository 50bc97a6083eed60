import { Navigate, Route, Routes } from 'react-router';
import { Page } from '@/ui';
import '@/ui/modules.css';
import { SubNav } from '@/ui/SubNav';
import { BackupsTab } from '../components/BackupsTab';
import { GroupsTab } from '../components/GroupsTab';
import { RegistrationsTab } from '../components/RegistrationsTab';
import { UsersTab } from '../components/UsersTab';
import type { ReactNode } from 'react';
import { useT, type MessageId } from '@/i18n';

const TABS: { path: string; label: MessageId; title: MessageId; element: ReactNode }[] = [
  { path: 'registrations', label: 'admin.registrations', title: 'admin.registrations.title', element: <RegistrationsTab /> },
  { path: 'users', label: 'admin.users', title: 'admin.users', element: <UsersTab /> },
  { path: 'groups', label: 'admin.groups', title: 'admin.groups', element: <GroupsTab /> },
  { path: 'backups', label: 'admin.backups', title: 'admin.backups', element: <BackupsTab /> },
];

/** The sections as tabs; on a phone they scroll sideways and keep the current one in view. */
function Tabs() {
  const t = useT();
  return <SubNav label={t('admin.title')} items={TABS.map((tab) => ({ to: `/admin/${tab.path}`, label: t(tab.label) }))} />;
}

export default function AdminPage() {
  const t = useT();
  return (
    <Routes>
      <Route index element={<Navigate to="registrations" replace />} />
      {TABS.map((tab) => (
        <Route
          key={tab.path}
          path={tab.path}
          element={
            <Page title={t(tab.title)}>
              <Tabs />
              {tab.element}
            </Page>
          }
        />
      ))}
      <Route path="*" element={<Navigate to="registrations" replace />} />
    </Routes>
  );
}
