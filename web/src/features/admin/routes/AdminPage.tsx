import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Page } from '@/ui';
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

function Tabs() {
  return (
    <nav aria-label="Administration" className="tabs">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink to={`/admin/${tab.path}`}>{tab.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
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
