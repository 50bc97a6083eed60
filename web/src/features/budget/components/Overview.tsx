import { Link } from 'react-router';
import { LoadState, Money, Page } from '@/ui';
import { useMonthlyReport, useRecurringList, type Account, type Category } from '../api';
import { sumCents, today } from '../money';
import { addDays, upcomingDates } from '../upcoming';
import { AccountBalances } from './AccountBalances';
import { RequireBudgetSetup } from './Setup';
import { useBothAmounts } from './SharingParts';
import { Totals } from './Totals';
import { Message, useLocale, useT } from '@/i18n';
import { TYPE_NAME } from '../words';

/** The budget's start: this month's totals and every account's balance, or the setup steps. */
export function Overview() {
  const t = useT();
  return (
    <Page
      title={t('nav.budget')}
      actions={
        <Link className="btn btn-primary" to="/budget/transactions/new">
          {t('budget.transaction.add')}
        </Link>
      }
    >
      <RequireBudgetSetup>{(basics) => <OverviewContent accounts={basics.accounts} categories={basics.categories} />}</RequireBudgetSetup>
    </Page>
  );
}

function OverviewContent({ accounts, categories }: { accounts: Account[]; categories: Category[] }) {
  const t = useT();
  const locale = useLocale();
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  const report = useMonthlyReport(year, month);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(now);
  return (
    <>
      <h2>{monthName}</h2>
      <LoadState query={report} skeletonLines={2}>
        {(data) => <Totals income={data.totalIncome} expense={data.totalExpense} net={data.net} currency={data.currency} />}
      </LoadState>
      <p>
        <Link to={`/budget/reports?month=${year}-${String(month).padStart(2, '0')}`}>{t('budget.seeMonthReport')}</Link>
      </p>
      <Upcoming accounts={accounts} categories={categories} />
      <h2>{t('budget.accounts')}</h2>
      <AccountBalances accounts={accounts} />
      <p className="muted">
        {t('budget.total')} <Money amount={sumCents(accounts.filter((account) => !account.isDisabled).map((account) => account.balance))} />
      </p>
    </>
  );
}

const UPCOMING_DAYS = 30;
const UPCOMING_SHOWN = 8;

/** What the recurring transactions will add in the next 30 days (rent next week…), soonest first. */
function Upcoming({ accounts, categories }: { accounts: Account[]; categories: Category[] }) {
  const t = useT();
  const locale = useLocale();
  const recurring = useRecurringList();
  // paid in another currency: "-CHF 84.00 (-€89.12)"
  const both = useBothAmounts();
  const from = today();
  const to = addDays(from, UPCOMING_DAYS);
  const dateText = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const nameOf = (list: { id: string; name: string }[], id: string | null) => list.find((item) => item.id === id)?.name;
  return (
    <>
      <h2>{t('budget.upcoming.title', { days: UPCOMING_DAYS })}</h2>
      <LoadState query={recurring} skeletonLines={2}>
        {(rules) => {
          const due = rules
            .flatMap((rule) => upcomingDates(rule, from, to).map((date) => ({ rule, date })))
            .sort((a, b) => a.date.localeCompare(b.date) || a.rule.id.localeCompare(b.rule.id));
          if (due.length === 0) {
            return (
              <p className="muted">
                <Message id="budget.upcoming.none" values={{ link: (text) => <Link to="/budget/recurring/new">{text}</Link> }} />
              </p>
            );
          }
          return (
            <>
              <ul className="balances" aria-label={t('budget.upcoming.label')}>
                {due.slice(0, UPCOMING_SHOWN).map(({ rule, date }) => {
                  const what = rule.description || nameOf(categories, rule.categoryId) || t(TYPE_NAME[rule.type]);
                  const account =
                    rule.type === 'Transfer'
                      ? `${nameOf(accounts, rule.budgetAccountId)} → ${nameOf(accounts, rule.targetBudgetAccountId)}`
                      : nameOf(accounts, rule.budgetAccountId);
                  return (
                    <li key={`${rule.id}-${date}`} className="row">
                      <span className="row-main">
                        <Link to={`/budget/recurring/${rule.id}`}>{what}</Link>
                        <span className="tx-sub">
                          {dateText.format(new Date(`${date}T00:00:00Z`))} · {account}
                        </span>
                      </span>
                      <strong className={`tx-amount ${rule.type === 'Expense' ? 'amount-out' : rule.type === 'Income' ? 'amount-in' : ''}`}>
                        {both(rule.amount, rule.original, rule.type === 'Expense')}
                      </strong>
                    </li>
                  );
                })}
              </ul>
              {due.length > UPCOMING_SHOWN ? (
                <p className="muted">
                  <Message
                    id="budget.upcoming.more"
                    values={{ count: due.length - UPCOMING_SHOWN, link: (text) => <Link to="/budget/recurring">{text}</Link> }}
                  />
                </p>
              ) : null}
            </>
          );
        }}
      </LoadState>
    </>
  );
}
