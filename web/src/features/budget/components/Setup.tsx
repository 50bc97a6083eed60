import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { LoadError, Skeleton } from '@/ui';
import { useAccounts, useCategories, useTransactions, type Account, type Category } from '../api';

export interface BudgetBasics {
  categories: Category[];
  accounts: Account[];
}

/**
 * Renders its children once the group has a category and an account; before that, the steps to
 * get there (a new group starts empty, and the API would only answer 400/409).
 */
export function RequireBudgetSetup({ children, needsCategory = true }: { children: (basics: BudgetBasics) => ReactNode; needsCategory?: boolean }) {
  const categories = useCategories();
  const accounts = useAccounts();
  if (categories.isPending || accounts.isPending) return <Skeleton />;
  if (categories.isError) return <LoadError error={categories.error} retry={() => categories.refetch()} />;
  if (accounts.isError) return <LoadError error={accounts.error} retry={() => accounts.refetch()} />;
  const basics = { categories: categories.data, accounts: accounts.data };
  if ((needsCategory && basics.categories.length === 0) || basics.accounts.length === 0) return <SetupGuide {...basics} />;
  return <>{children(basics)}</>;
}

export function SetupGuide({ categories, accounts }: BudgetBasics) {
  const steps = [
    {
      done: categories.length > 0,
      title: 'Add a category',
      text: 'Categories sort what you spend and earn: groceries, rent, salary…',
      to: '/budget/categories',
      action: 'Add your first category',
    },
    {
      done: accounts.length > 0,
      title: 'Add an account',
      text: 'An account is where money is kept: a bank account, a wallet, a shared pot, with the money already in it (its opening balance). The first one becomes the default.',
      to: '/budget/accounts',
      action: 'Add your first account',
    },
  ];
  const next = steps.find((step) => !step.done);
  return (
    <section className="card setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Set up your budget</h2>
      <p>Two short steps before the first transaction, then the transaction itself:</p>
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.title} className={step.done ? 'done' : undefined}>
            <strong>
              {step.done ? <Check size={18} aria-label="Done:" /> : null} {step.title}
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
  const categories = useCategories();
  const accounts = useAccounts();
  const transactions = useTransactions({ page: 1, pageSize: 2 });
  if (!categories.data || !accounts.data || !transactions.data) return null;
  const count = transactions.data.totalItems;
  const step =
    categories.data.length === 0
      ? { text: 'add a category, such as Groceries.', to: '/budget/categories', action: 'Add a category' }
      : accounts.data.length === 0
        ? { text: 'add an account with the money already in it.', to: '/budget/accounts', action: 'Add an account' }
        : count === 0
          ? { text: 'add your first transaction.', to: '/budget/transactions/new', action: 'Add a transaction' }
          : count === 1
            ? { text: 'see how the month looks.', to: '/budget/reports', action: "See the month's report" }
            : null;
  if (!step) return null;
  return (
    <aside className="card next-step" aria-label="Next step">
      <p>
        <strong>Next step:</strong> {step.text}
      </p>
      <Link className="btn btn-primary" to={step.to}>
        {step.action}
      </Link>
    </aside>
  );
}
