import { Link } from 'react-router';
import { LoadState, Money, Page } from '@/ui';
import { useMonthlyReport } from '../api';
import { sumCents } from '../money';
import { AccountBalances } from './AccountBalances';
import { RequireBudgetSetup } from './Setup';
import { Totals } from './Totals';

/** The budget's start: this month's totals and every account's balance, or the setup steps. */
export function Overview() {
  return (
    <Page
      title="Budget"
      actions={
        <Link className="btn btn-primary" to="/budget/transactions/new">
          Add transaction
        </Link>
      }
    >
      <RequireBudgetSetup>{(basics) => <OverviewContent accounts={basics.accounts} />}</RequireBudgetSetup>
    </Page>
  );
}

function OverviewContent({ accounts }: { accounts: Parameters<typeof AccountBalances>[0]['accounts'] }) {
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const report = useMonthlyReport(year, month);
  const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(now);
  return (
    <>
      <h2>{monthName}</h2>
      <LoadState query={report} skeletonLines={2}>
        {(data) => <Totals income={data.totalIncome} expense={data.totalExpense} net={data.net} currency={data.currency} />}
      </LoadState>
      <p>
        <Link to={`/budget/reports?month=${year}-${String(month).padStart(2, '0')}`}>See the month's report</Link>
      </p>
      <h2>Accounts</h2>
      <AccountBalances accounts={accounts} />
      <p className="muted">
        Total: <Money amount={sumCents(accounts.filter((account) => !account.isDisabled).map((account) => account.balance))} />
      </p>
    </>
  );
}
