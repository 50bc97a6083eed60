import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router';
import { EmptyState, Page } from '@/ui';
import '@/ui/modules.css';
import { SubNav } from '@/ui/SubNav';
import '../budget.css';
import { Overview } from '../components/Overview';
import { useT, type MessageId } from '@/i18n';

const Transactions = lazy(() => import('../components/Transactions'));
const TransactionEditor = lazy(() => import('../components/TransactionEditor'));
const ImportStatement = lazy(() => import('../components/ImportStatement'));
const Categories = lazy(() => import('../components/Categories'));
const Accounts = lazy(() => import('../components/Accounts'));
const Reports = lazy(() => import('../components/Reports'));
const RecurringList = lazy(() => import('../components/RecurringList'));
const RecurringEditor = lazy(() => import('../components/RecurringEditor'));

const SECTIONS: { to: string; label: MessageId; end?: boolean }[] = [
  { to: '/budget', label: 'budget.overview', end: true },
  { to: '/budget/transactions', label: 'budget.transactions' },
  { to: '/budget/reports', label: 'budget.reports' },
  { to: '/budget/recurring', label: 'budget.recurring' },
  { to: '/budget/categories', label: 'budget.categories' },
  { to: '/budget/accounts', label: 'budget.accounts' },
];

/** /budget and its sections, each its own chunk (the chart loads with the reports only). */
export default function BudgetPage() {
  const t = useT();
  return (
    <>
      <SubNav label={t('nav.budget')} items={SECTIONS.map((section) => ({ ...section, label: t(section.label) }))} />
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
        <Route
          path="*"
          element={
            <Page title={t('nav.budget')}>
              <EmptyState title={t('budget.noSuchPage')} action={<Link to="/budget">{t('budget.overviewLink')}</Link>} />
            </Page>
          }
        />
      </Routes>
    </>
  );
}
