import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { LoadError, Skeleton } from '@/ui';
import { useAccounts, useCategories, type Account, type Category } from '../api';

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
      text: 'An account is where money is kept: a bank account, a wallet, a shared pot. The first one becomes the default.',
      to: '/budget/accounts',
      action: 'Add your first account',
    },
  ];
  const next = steps.find((step) => !step.done);
  return (
    <section className="card setup" aria-labelledby="setup-title">
      <h2 id="setup-title">Set up your budget</h2>
      <p>Two short steps before the first transaction:</p>
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
