import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { LoadError, Skeleton, useSettled } from '@/ui';
import { useAccounts, useCategories, useTransactions, type Account, type Category } from '../api';
import { useT } from '@/i18n';

export interface BudgetBasics {
  categories: Category[];
  accounts: Account[];
}

/**
 * Renders its children once the group has a category and an account; before that, the steps to
 * get there (a new group starts empty, and the API would only answer 400/409). `fresh` (the
 * forms, which take their starting choices from the lists once): the lists read now, not a cached
 * copy still being refreshed (`useSettled`).
 */
export function RequireBudgetSetup({
  children,
  needsCategory = true,
  fresh = false,
}: {
  children: (basics: BudgetBasics) => ReactNode;
  needsCategory?: boolean;
  fresh?: boolean;
}) {
  const categories = useCategories();
  const accounts = useAccounts();
  const settled = useSettled(categories, accounts);
  if (categories.isError) return <LoadError error={categories.error} retry={() => categories.refetch()} />;
  if (accounts.isError) return <LoadError error={accounts.error} retry={() => accounts.refetch()} />;
  if (categories.isPending || accounts.isPending || (fresh && !settled)) return <Skeleton />;
  const basics = { categories: categories.data, accounts: accounts.data };
  if ((needsCategory && basics.categories.length === 0) || basics.accounts.length === 0) return <SetupGuide {...basics} />;
  return <>{children(basics)}</>;
}

export function SetupGuide({ categories, accounts }: BudgetBasics) {
  const t = useT();
  const steps = [
    {
      done: categories.length > 0,
      title: t('budget.setup.category'),
      text: t('budget.setup.categoryText'),
      to: '/budget/categories',
      action: t('budget.setup.categoryAction'),
    },
    {
      done: accounts.length > 0,
      title: t('budget.setup.account'),
      text: t('budget.setup.accountText'),
      to: '/budget/accounts',
      action: t('budget.setup.accountAction'),
    },
  ];
  const next = steps.find((step) => !step.done);
  return (
    <section className="card setup" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('budget.setup.title')}</h2>
      <p>{t('budget.setup.intro')}</p>
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.title} className={step.done ? 'done' : undefined}>
            <strong>
              {step.done ? <Check size={18} aria-label={t('budget.setup.done')} /> : null} {step.title}
            </strong>
            <span className="muted">{step.text}</span>
          </li>
        ))}
      </ol>
      {next ? (
        <Link className="btn btn-primary" to={next.to}>
          {next.action}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * After each set-up step, the one that follows: a category, an account with its
 * opening balance, the first transaction, then the month's report. Nothing once transactions exist
 * beyond the first.
 */
export function NextStep() {
  const t = useT();
  const categories = useCategories();
  const accounts = useAccounts();
  const transactions = useTransactions({ page: 1, pageSize: 2 });
  if (!categories.data || !accounts.data || !transactions.data) return null;
  const count = transactions.data.totalItems;
  const step =
    categories.data.length === 0
      ? { text: t('budget.next.category'), to: '/budget/categories', action: t('budget.setup.category') }
      : accounts.data.length === 0
        ? { text: t('budget.next.account'), to: '/budget/accounts', action: t('budget.setup.anAccount') }
        : count === 0
          ? { text: t('budget.next.transaction'), to: '/budget/transactions/new', action: t('budget.next.transactionAction') }
          : count === 1
            ? { text: t('budget.next.report'), to: '/budget/reports', action: t('budget.seeMonthReport') }
            : null;
  if (!step) return null;
  return (
    <aside className="card next-step" aria-label={t('budget.next.title')}>
      <p>
        <strong>{t('budget.next.label')}</strong> {step.text}
      </p>
      <Link className="btn btn-primary" to={step.to}>
        {step.action}
      </Link>
    </aside>
  );
}
