import { Navigate, Route, Routes } from 'react-router';
import { Page } from '@/ui';
import '@/ui/modules.css';
import { SubNav } from '@/ui/SubNav';
import { BackupsTab } from '../components/BackupsTab';
import { GroupsTab } from '../components/GroupsTab';
import { RegistrationsTab } from '../components/RegistrationsTab';
import { UsersTab } from '../components/UsersTab';

const TABS = [
  { path: 'registrations', label: 'Registrations', title: 'Registrations awaiting approval', element: <RegistrationsTab /> },
  { path: 'users', label: 'Users', title: 'Users', element: <UsersTab /> },
  { path: 'groups', label: 'Groups', title: 'Groups', element: <GroupsTab /> },
  { path: 'backups', label: 'Backups', title: 'Backups', element: <BackupsTab /> },
];

/** The sections as tabs; on a phone they scroll sideways and keep the current one in view. */
function Tabs() {
  return <SubNav label="Administration" items={TABS.map((tab) => ({ to: `/admin/${tab.path}`, label: tab.label }))} />;
}

export default function AdminPage() {
  return (
    <Routes>
      <Route index element={<Navigate to="registrations" replace />} />
      {TABS.map((tab) => (
        <Route
          key={tab.path}
          path={tab.path}
          element={
            <Page title={tab.title}>
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
