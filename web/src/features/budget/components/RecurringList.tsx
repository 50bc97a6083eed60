import { useState } from 'react';
import { Link } from 'react-router';
import { describeProblem } from '@/api/problem';
import { Button, DateText, EmptyState, LoadState, Money, Notice, Page } from '@/ui';
import { budgetApi, useAccounts, useBudgetMutation, useCategories, useRecurringList, type Recurring } from '../api';
import { describeSchedule } from '../schedule';

/** Recurring transactions: what, how often, the next date, enabled or paused. */
export default function RecurringList() {
  const list = useRecurringList();
  const categories = useCategories();
  const accounts = useAccounts();
  const [message, setMessage] = useState<string | null>(null);
  const toggle = useBudgetMutation(budgetApi.toggleRecurring);
  const categoryName = (id: string | null) => categories.data?.find((category) => category.id === id)?.name;
  const accountName = (id: string | null) => accounts.data?.find((account) => account.id === id)?.name ?? 'account';
  const title = (item: Recurring) =>
    item.description || (item.type === 'Transfer' ? `Transfer to ${accountName(item.targetBudgetAccountId)}` : (categoryName(item.categoryId) ?? item.type));
  return (
    <Page
      title="Recurring"
      actions={
        <Link className="btn btn-primary" to="/budget/recurring/new">
          New recurring transaction
        </Link>
      }
    >
      <p className="muted">Hearth adds each occurrence on its date (rent on the 1st, pocket money every week…).</p>
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState
        query={list}
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState
            title="No recurring transactions"
            action={
              <Link className="btn btn-primary" to="/budget/recurring/new">
                Add one
              </Link>
            }
          >
            Set up rent, salaries or subscriptions once and let Hearth enter them.
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="recurring-list" aria-label="Recurring transactions">
            {items.map((item) => (
              <li key={item.id} className="card" aria-label={title(item)}>
                <div className="account-head">
                  <h3>
                    <Link to={`/budget/recurring/${item.id}`}>{title(item)}</Link>
                  </h3>
                  <strong>
                    <span className="visually-hidden">{item.type}: </span>
                    <Money amount={item.amount} />
                  </strong>
                </div>
                <p className="meta-line">
                  <span className="badge">{item.type}</span>
                  <span>{describeSchedule(item.frequency, item.interval)}</span>
                  {item.isEnabled ? null : <span className="badge">Paused</span>}
                </p>
                <p>
                  {item.isEnabled && item.nextOccurrence ? (
                    <>
                      Next: <DateText value={item.nextOccurrence} />
                    </>
                  ) : item.nextOccurrence ? (
                    'Paused: nothing is entered until it is enabled again.'
                  ) : (
                    'Ended: no more occurrences.'
                  )}
                </p>
                <div className="actions">
                  <Button
                    variant="secondary"
                    busy={toggle.isPending && toggle.variables === item.id}
                    onClick={() => {
                      setMessage(null);
                      toggle.mutate(item.id, { onError: (error) => setMessage(describeProblem(error)) });
                    }}
                  >
                    {item.isEnabled ? 'Pause' : 'Enable'}
                    <span className="visually-hidden"> {title(item)}</span>
                  </Button>
                  <Link to={`/budget/recurring/${item.id}`}>Edit</Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}
