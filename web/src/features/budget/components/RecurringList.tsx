import { useState } from 'react';
import { Link } from 'react-router';
import { describeProblem } from '@/api/problem';
import { useGroupMembers } from '@/api/members';
import { Button, DateText, EmptyState, LoadState, Notice, Page } from '@/ui';
import { budgetApi, useAccounts, useBudgetMutation, useCategories, useRecurringList, type Recurring } from '../api';
import { describeSchedule } from '../schedule';
import { useListFormat, useT } from '@/i18n';
import { useBothAmounts, useMoney } from './SharingParts';
import { TYPE_NAME } from '../words';

/** Recurring transactions: what, how often, the next date, enabled or paused. */
export default function RecurringList() {
  const t = useT();
  const list = useRecurringList();
  const categories = useCategories();
  const accounts = useAccounts();
  const members = useGroupMembers();
  const money = useMoney();
  // paid in another currency: "CHF 84.00 (€89.12)"
  const both = useBothAmounts();
  const listFormat = useListFormat();
  const [message, setMessage] = useState<string | null>(null);
  const toggle = useBudgetMutation(budgetApi.toggleRecurring);
  const categoryName = (id: string | null) => categories.data?.find((category) => category.id === id)?.name;
  const accountName = (id: string | null) => accounts.data?.find((account) => account.id === id)?.name ?? t('budget.recurring.anAccount');
  const title = (item: Recurring) =>
    item.description ||
    (item.type === 'Transfer'
      ? t('budget.transfer.to', { account: accountName(item.targetBudgetAccountId) })
      : (categoryName(item.categoryId) ?? t(TYPE_NAME[item.type])));
  return (
    <Page
      title={t('budget.recurring')}
      actions={
        <Link className="btn btn-primary" to="/budget/recurring/new">
          {t('budget.recurring.new')}
        </Link>
      }
    >
      <p className="muted">{t('budget.recurring.intro')}</p>
      {message ? <Notice tone="warning">{message}</Notice> : null}
      <LoadState
        query={list}
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState
            title={t('budget.recurring.empty')}
            action={
              <Link className="btn btn-primary" to="/budget/recurring/new">
                {t('budget.recurring.addOne')}
              </Link>
            }
          >
            {t('budget.recurring.emptyHint')}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="recurring-list" aria-label={t('budget.recurring.label')}>
            {items.map((item) => (
              <li key={item.id} className="card" aria-label={title(item)}>
                <div className="account-head">
                  <h3>
                    <Link to={`/budget/recurring/${item.id}`}>{title(item)}</Link>
                  </h3>
                  <strong>
                    <span className="visually-hidden">{t(TYPE_NAME[item.type])}: </span>
                    {both(item.amount, item.original)}
                  </strong>
                </div>
                <p className="meta-line">
                  <span className="badge">{t(TYPE_NAME[item.type])}</span>
                  <span>{describeSchedule(item.frequency, item.interval)}</span>
                  {item.isEnabled ? null : <span className="badge">{t('budget.recurring.paused')}</span>}
                </p>
                <p className="recurring-details">
                  <span>
                    {item.remindDaysBefore === null
                      ? t('budget.recurring.card.noReminder')
                      : t('budget.recurring.card.reminder', { days: item.remindDaysBefore })}
                  </span>
                  <span>
                    {item.split
                      ? t('budget.recurring.card.split', {
                          parts: listFormat(
                            item.split.owed.map((part) =>
                              t('budget.recurring.card.part', {
                                name: members.data?.find((member) => member.id === part.userId)?.nickname ?? t('budget.split.formerMember'),
                                amount: money(part.amount),
                              }),
                            ),
                          ),
                        })
                      : t('budget.recurring.card.notShared')}
                  </span>
                </p>
                <p>
                  {item.isEnabled && item.nextOccurrence ? (
                    <>
                      {t('budget.recurring.next')} <DateText value={item.nextOccurrence} />
                    </>
                  ) : item.nextOccurrence ? (
                    t('budget.recurring.pausedExplain')
                  ) : (
                    t('budget.recurring.ended')
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
                    {item.isEnabled ? t('budget.recurring.pause') : t('budget.recurring.enable')}
                    <span className="visually-hidden"> {title(item)}</span>
                  </Button>
                  <Link to={`/budget/recurring/${item.id}`}>{t('common.edit')}</Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </Page>
  );
}
