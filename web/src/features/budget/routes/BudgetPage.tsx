import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import { useT } from '@/i18n';
import { SubNav } from '@/ui/SubNav';
import '../budget.css';
import { Overview } from '../components/Overview';

const Transactions = lazy(() => import('../components/Transactions'));
const TransactionEditor = lazy(() => import('../components/TransactionEditor'));
const ImportStatement = lazy(() => import('../components/ImportStatement'));
const Categories = lazy(() => import('../components/Categories'));
const Accounts = lazy(() => import('../components/Accounts'));
const Reports = lazy(() => import('../components/Reports'));
const RecurringList = lazy(() => import('../components/RecurringList'));
const RecurringEditor = lazy(() => import('../components/RecurringEditor'));
const Balances = lazy(() => import('../components/Balances'));
const SplitSettings = lazy(() => import('../components/SplitSettings'));

const SECTIONS = [
  { to: '/budget', label: 'Overview', end: true },
  { to: '/budget/transactions', label: 'Transactions' },
  { to: '/budget/reports', label: 'Reports' },
  { to: '/budget/recurring', label: 'Recurring' },
  { to: '/budget/categories', label: 'Categories' },
  { to: '/budget/accounts', label: 'Accounts' },
];

/** /budget and its sections, each its own chunk (the chart loads with the reports only). */
export default function BudgetPage() {
  const t = useT();
  // who owes whom sits next to the transactions it comes from
  const sections = [...SECTIONS.slice(0, 2), { to: '/budget/balances', label: t('budget.nav.balances') }, ...SECTIONS.slice(2)];
  return (
    <>
      <SubNav label="Budget" items={sections} />
      <Routes>
        <Route index element={<Overview />} />
        <Route path="transactions" element={<Transactions />} />
        <Route path="transactions/new" element={<TransactionEditor />} />
        <Route path="transactions/import" element={<ImportStatement />} />
        <Route path="transactions/:transactionId" element={<TransactionEditor />} />
        <Route path="categories" element={<Categories />} />
        <Route path="accounts" element={<Accounts />} />
        <Route path="reports" element={<Reports />} />
        <Route path="recurring" element={<RecurringList />} />
        <Route path="recurring/new" element={<RecurringEditor />} />
        <Route path="recurring/:recurringId" element={<RecurringEditor />} />
        <Route path="balances" element={<Balances />} />
        <Route path="balances/settings" element={<SplitSettings />} />
        <Route
          path="*"
          element={
            <Page title="Budget">
              <EmptyState title="There is no such budget page" action={<Link to="/budget">Budget overview</Link>} />
            </Page>
          }
        />
      </Routes>
    </>
  );
}
