import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ArrowLeftRight, Repeat } from 'lucide-react';
import { Button, DateText, EmptyState, Field, FilterPanel, LoadState, Money, Notice, Page, SelectField } from '@/ui';
import { Pager } from '@/ui/Pager';
import { formatMoney } from '@/ui/format';
import { NamedIcon } from '@/ui/pickers';
import { useTransactions, type Account, type Category, type Transaction, type TransactionFilters, type TransactionType } from '../api';
import { negate } from '../money';
import { NextStep, RequireBudgetSetup } from './Setup';
import { useT, type MessageId } from '@/i18n';
import { TYPE_NAME } from '../words';
import { SharedMark } from './SharingParts';
import { TransactionSettlements } from './TransactionSettlements';

const FILTER_KEYS = ['from', 'to', 'type', 'categoryId', 'budgetAccountId', 'search'] as const;
const SORTS: { value: string; label: MessageId }[] = [
  { value: '-date', label: 'budget.sort.newest' },
  { value: 'date', label: 'budget.sort.oldest' },
  { value: '-amount', label: 'budget.sort.largest' },
  { value: 'amount', label: 'budget.sort.smallest' },
];

/** Transactions with filters, sort and pages; all of it lives in the address, so a filtered list can be bookmarked. */
export default function Transactions() {
  const t = useT();
  const location = useLocation();
  return (
    <Page
      title={t('budget.transactions')}
      actions={
        <>
          <Link className="btn btn-primary" to="/budget/transactions/new?type=Expense">
            {t('budget.add.Expense')}
          </Link>
          <Link className="btn btn-secondary" to="/budget/transactions/new?type=Income">
            {t('budget.add.Income')}
          </Link>
          <Link className="btn btn-secondary" to="/budget/transactions/new?type=Transfer">
            {t('budget.add.Transfer')}
          </Link>
          <Link className="btn btn-secondary" to="/budget/transactions/import">
            {t('budget.import')}
          </Link>
        </>
      }
    >
      {(location.state as { saved?: boolean } | null)?.saved ? (
        <>
          <Notice tone="success">{t('budget.transaction.saved')}</Notice>
          <NextStep />
        </>
      ) : null}
      <ImportedNotice state={location.state} />
      <RequireBudgetSetup>{({ categories, accounts }) => <TransactionList categories={categories} accounts={accounts} />}</RequireBudgetSetup>
    </Page>
  );
}

/** After an import: what was added (the list below is filtered to the account and the statement's dates). */
function ImportedNotice({ state }: { state: unknown }) {
  const t = useT();
  const imported = (state as { imported?: { created: number; skipped: number } } | null)?.imported;
  if (!imported) return null;
  return (
    <Notice tone="success">
      {imported.skipped
        ? t('budget.imported.withSkipped', { created: imported.created, skipped: imported.skipped })
        : t('budget.imported', { created: imported.created })}
    </Notice>
  );
}

function TransactionList({ categories, accounts }: { categories: Category[]; accounts: Account[] }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filters: TransactionFilters = {
    page: Number(params.get('page') ?? 1) || 1,
    pageSize: 20,
    sort: (params.get('sort') as TransactionFilters['sort']) ?? '-date',
  };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filters as unknown as Record<string, string>)[key] = value;
  }
  const transactions = useTransactions(filters);
  const [draft, setDraft] = useState(
    () => Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>,
  );
  const activeFilters = FILTER_KEYS.filter((key) => params.get(key)).length;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (draft[key].trim()) next.set(key, draft[key].trim());
    if (params.get('sort')) next.set('sort', params.get('sort') as string);
    setParams(next);
  };
  const clear = () => {
    setDraft(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as typeof draft);
    setParams(params.get('sort') ? { sort: params.get('sort') as string } : {});
  };
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const set = (key: (typeof FILTER_KEYS)[number]) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const names = {
    category: new Map(categories.map((category) => [category.id, category])),
    account: new Map(accounts.map((account) => [account.id, account.name])),
  };

  return (
    <>
      <FilterPanel active={activeFilters}>
        <form onSubmit={apply} className="filter-form" aria-label={t('budget.filter.label')}>
          <div className="grid-2">
            <Field label={t('budget.filter.from')} name="from" type="date" value={draft.from} onChange={set('from')} />
            <Field label={t('budget.filter.to')} name="to" type="date" value={draft.to} onChange={set('to')} />
            <SelectField label={t('budget.field.type')} name="type" value={draft.type} onChange={set('type')}>
              <option value="">{t('budget.filter.allTypes')}</option>
              <option value="Expense">{t('budget.filter.Expense')}</option>
              <option value="Income">{t('budget.filter.Income')}</option>
              <option value="Transfer">{t('budget.filter.Transfer')}</option>
            </SelectField>
            <SelectField label={t('budget.field.category')} name="categoryId" value={draft.categoryId} onChange={set('categoryId')}>
              <option value="">{t('budget.filter.allCategories')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('budget.field.account')} name="budgetAccountId" value={draft.budgetAccountId} onChange={set('budgetAccountId')}>
              <option value="">{t('budget.filter.allAccounts')}</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </SelectField>
            <Field label={t('budget.filter.search')} name="search" type="search" value={draft.search} onChange={set('search')} />
          </div>
          <div className="actions">
            <Button type="submit">{t('budget.filter.apply')}</Button>
            {activeFilters ? (
              <Button variant="secondary" onClick={clear}>
                {t('budget.filter.clear')}
              </Button>
            ) : null}
          </div>
        </form>
      </FilterPanel>
      <div className="toolbar">
        <SelectField
          label={t('budget.sort')}
          name="sort"
          value={filters.sort}
          onChange={(event) => setParam('sort', event.target.value === '-date' ? '' : event.target.value)}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {t(sort.label)}
            </option>
          ))}
        </SelectField>
      </div>
      <LoadState
        query={transactions}
        isEmpty={(page) => page.totalItems === 0}
        empty={
          <EmptyState
            title={activeFilters ? t('budget.transactions.noMatch') : t('budget.transactions.empty')}
            action={
              activeFilters ? (
                <Button variant="secondary" onClick={clear}>
                  {t('budget.filter.clear')}
                </Button>
              ) : (
                <Link className="btn btn-primary" to="/budget/transactions/new">
                  {t('budget.transactions.addFirst')}
                </Link>
              )
            }
          />
        }
      >
        {(page) => (
          <>
            <ul className="tx-list" aria-label={t('budget.transactions')}>
              {page.items.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} names={names} />
              ))}
            </ul>
            <Pager
              page={page.page}
              totalPages={page.totalPages}
              totalItems={page.totalItems}
              exact={page.totalItemsExact}
              onPage={(next) => setParam('page', String(next))}
            />
          </>
        )}
      </LoadState>
      {/* settlements have no type, category, account or description: only a date filter applies to them */}
      {filters.type || filters.categoryId || filters.budgetAccountId || filters.search ? null : (
        <TransactionSettlements period={{ from: filters.from, to: filters.to }} />
      )}
    </>
  );
}

function TransactionRow({ transaction, names }: { transaction: Transaction; names: { category: Map<string, Category>; account: Map<string, string> } }) {
  const t = useT();
  const category = transaction.categoryId ? names.category.get(transaction.categoryId) : undefined;
  const account = names.account.get(transaction.budgetAccountId) ?? t('budget.field.account');
  const title =
    transaction.type === 'Transfer'
      ? t('budget.transfer.title', { from: account, to: names.account.get(transaction.targetBudgetAccountId ?? '') ?? t('budget.field.account') })
      : (category?.name ?? t('budget.field.category'));
  const signed: Record<TransactionType, string> = { Expense: negate(transaction.amount), Income: transaction.amount, Transfer: transaction.amount };
  return (
    <li>
      <Link to={`/budget/transactions/${transaction.id}`} className="row tx-row">
        <span className="category-icon" style={{ background: category?.color ?? '#6B7280' }}>
          {transaction.type === 'Transfer' ? (
            <ArrowLeftRight size={18} color="#fff" aria-hidden="true" />
          ) : (
            <NamedIcon name={category?.icon ?? 'Tag'} color="#fff" size={18} />
          )}
        </span>
        <span className="row-main">
          <strong>{title}</strong>
          <span className="tx-sub">
            <DateText value={transaction.date} />
            {transaction.type !== 'Transfer' ? ` · ${account}` : ''}
            {transaction.description ? ` · ${transaction.description}` : ''}
            <SharedMark split={transaction.split} />
            {transaction.recurringTransactionId ? (
              <>
                {' '}
                <Repeat size={14} aria-label={t('budget.recurring.marker')} />
              </>
            ) : null}
          </span>
        </span>
        <strong className={`tx-amount amount-${transaction.type.toLowerCase()}`}>
          <span className="visually-hidden">{t(TYPE_NAME[transaction.type])}: </span>
          <Money amount={signed[transaction.type]} />
          {transaction.original ? <small className="tx-original">{formatMoney(transaction.original.amount, transaction.original.currency)}</small> : null}
        </strong>
      </Link>
    </li>
  );
}
