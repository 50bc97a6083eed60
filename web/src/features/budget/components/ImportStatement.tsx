import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProblemError } from '@/api/problem';
import { Button, DateText, ErrorSummary, Field, Money, Notice, Page, SelectField } from '@/ui';
import {
  budgetApi,
  useBudgetMutation,
  type Account,
  type Category,
  type ColumnMapping,
  type ImportChoice,
  type StatementPreview,
  type StatementRow,
  type StatementUpload,
} from '../api';
import { negate } from '../money';
import { RequireBudgetSetup } from './Setup';

const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'DD/MM/YY', 'MM/DD/YY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD'];
const MAPPED: { key: keyof ColumnMapping; label: string; required?: boolean }[] = [
  { key: 'date', label: 'Date', required: true },
  { key: 'amount', label: 'Amount (negative for money going out)' },
  { key: 'debit', label: 'Money out (if a column of its own)' },
  { key: 'credit', label: 'Money in (if a column of its own)' },
  { key: 'description', label: 'Description' },
  { key: 'payee', label: 'Payee or payer' },
];

/** Import statement: account and file → (columns, when not recognised) → preview → transactions list. */
export default function ImportStatement() {
  return (
    <Page title="Import statement">
      <RequireBudgetSetup>{({ accounts, categories }) => <ImportFlow accounts={accounts.filter((a) => !a.isDisabled)} categories={categories} />}</RequireBudgetSetup>
    </Page>
  );
}

function ImportFlow({ accounts, categories }: { accounts: Account[]; categories: Category[] }) {
  const [accountId, setAccountId] = useState(() => (accounts.find((a) => a.isDefault) ?? accounts[0])?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState('');
  const [mapping, setMapping] = useState<Partial<ColumnMapping> | null>(null);
  const [problem, setProblem] = useState<ProblemError | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const upload = useBudgetMutation((variables: StatementUpload) => budgetApi.previewStatement(variables));

  const send = async (extra: { mapping?: Partial<ColumnMapping> } = {}) => {
    if (!file) {
      setFileError('Choose the statement file');
      return;
    }
    setFileError(undefined);
    try {
      const result = await upload.mutateAsync({
        budgetAccountId: accountId,
        file,
        dateFormat: (dateFormat || undefined) as StatementUpload['dateFormat'],
        mapping: extra.mapping ?? (mapping ?? undefined),
      });
      setProblem(null);
      setPreview(result);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      setProblem(error);
      if (error.code === 'UNMAPPED_COLUMNS' && error.columns.length && !mapping) setMapping({});
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  if (preview) return <PreviewStep preview={preview} categories={categories} onBack={() => setPreview(null)} />;
  const ambiguous = problem?.code === 'AMBIGUOUS_DATE';
  const columns = problem?.code === 'UNMAPPED_COLUMNS' ? problem.columns : [];

  return (
    <form onSubmit={submit} className="stack import-form" aria-label="Choose a statement" noValidate>
      {problem && !ambiguous ? (
        <ErrorSummary items={[{ message: `${problem.detail}${problem.line ? ` (line ${problem.line})` : ''}` }]} title="The statement could not be read" />
      ) : null}
      <p>A statement exported from your bank as CSV, OFX or QFX, CAMT (XML) or QIF, up to 5 MB. Nothing is added before you confirm.</p>
      <SelectField label="Account" name="account" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
            {account.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </SelectField>
      <Field
        label="Statement file"
        name="file"
        type="file"
        accept=".csv,.txt,.ofx,.qfx,.xml,.qif"
        error={fileError}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setProblem(null);
          setMapping(null);
        }}
      />
      {ambiguous ? (
        <SelectField label="How are dates written?" name="dateFormat" value={dateFormat} error={problem!.detail} onChange={(event) => setDateFormat(event.target.value)}>
          <option value="">Choose a format</option>
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </SelectField>
      ) : null}
      {columns.length && mapping ? (
        <fieldset className="stack">
          <legend>Which column holds what?</legend>
          <p className="field-hint">The columns of this file were not recognised. Choose them once: they are remembered for this account.</p>
          {MAPPED.map(({ key, label }) => (
            <SelectField
              key={key}
              label={label}
              name={`column-${key}`}
              value={mapping[key] ?? ''}
              onChange={(event) => setMapping((current) => ({ ...current, [key]: event.target.value || undefined }))}
            >
              <option value="">—</option>
              {columns.map((column, i) => (
                <option key={`${i}-${column}`} value={String(i)}>
                  {column || `Column ${i + 1}`}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      ) : null}
      <div className="actions">
        <Button type="submit" busy={upload.isPending}>
          Read statement
        </Button>
        <Link className="btn btn-secondary" to="/budget/transactions">
          Cancel
        </Link>
      </div>
    </form>
  );
}

interface RowChoice {
  include: boolean;
  categoryId: string;
}

function PreviewStep({ preview, categories, onBack }: { preview: StatementPreview; categories: Category[]; onBack: () => void }) {
  const navigate = useNavigate();
  const [choices, setChoices] = useState<RowChoice[]>(() => preview.rows.map((row) => ({ include: !row.duplicateOf, categoryId: row.suggestedCategoryId ?? '' })));
  const [showErrors, setShowErrors] = useState(false);
  const commit = useBudgetMutation((rows: ImportChoice[]) => budgetApi.commitStatement({ importId: preview.id, rows }));
  const missing = useMemo(() => preview.rows.filter((row, i) => choices[i].include && !choices[i].categoryId), [preview.rows, choices]);
  const included = choices.filter((choice) => choice.include).length;
  const change = (index: number, next: Partial<RowChoice>) => setChoices((current) => current.map((choice, i) => (i === index ? { ...choice, ...next } : choice)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length) {
      setShowErrors(true);
      return;
    }
    // only what differs from the server's defaults travels
    const rows: ImportChoice[] = preview.rows.flatMap((row, i) => {
      const choice = choices[i];
      const changed = choice.include !== !row.duplicateOf || (choice.include && choice.categoryId !== (row.suggestedCategoryId ?? ''));
      return changed ? [{ index: row.index, include: choice.include, ...(choice.include ? { categoryId: choice.categoryId } : {}) }] : [];
    });
    const result = await commit.mutateAsync(rows);
    const dates = preview.rows.filter((_, i) => choices[i].include).map((row) => row.date).sort();
    const query = new URLSearchParams({ budgetAccountId: preview.accountId, sort: 'date' });
    if (dates.length) {
      query.set('from', dates[0]);
      query.set('to', dates[dates.length - 1]);
    }
    navigate(`/budget/transactions?${query}`, { state: { imported: result } });
  };

  return (
    <form onSubmit={submit} className="stack" aria-label="Statement preview" noValidate>
      {showErrors && missing.length ? (
        <ErrorSummary items={missing.map((row) => ({ message: `Choose a category for “${row.payee ?? row.description}” (${row.date})`, field: `category-${row.index}` }))} />
      ) : null}
      {commit.error ? <ErrorSummary items={[{ message: commit.error instanceof ProblemError ? commit.error.detail : 'The import failed; try again' }]} /> : null}
      <Notice>
        {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'} read; {included} will be added.
        {preview.rows.some((row) => row.duplicateOf) ? ' Rows already in the budget are left out unless you tick them.' : ''}
      </Notice>
      {preview.errors.length ? (
        <section aria-label="Lines that could not be read" className="import-errors">
          <h2>Lines that could not be read</h2>
          <ul>
            {preview.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="import-rows" aria-label="Statement rows">
        {preview.rows.map((row, i) => (
          <PreviewRow key={row.index} row={row} choice={choices[i]} categories={categories} error={showErrors && choices[i].include && !choices[i].categoryId} onChange={(next) => change(i, next)} />
        ))}
      </ul>
      <div className="actions">
        <Button type="submit" busy={commit.isPending} disabled={included === 0}>
          {`Add ${included} ${included === 1 ? 'transaction' : 'transactions'}`}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          Choose another file
        </Button>
      </div>
    </form>
  );
}

function PreviewRow({ row, choice, categories, error, onChange }: { row: StatementRow; choice: RowChoice; categories: Category[]; error: boolean; onChange: (next: Partial<RowChoice>) => void }) {
  const title = row.payee ?? row.description ?? 'No description';
  return (
    <li className={`import-row${choice.include ? '' : ' import-row-excluded'}`}>
      <div className="import-row-head">
        <label className="import-include">
          <input type="checkbox" checked={choice.include} onChange={(event) => onChange({ include: event.target.checked })} aria-label={`Add ${title} on ${row.date}`} />
          <span className="row-main">
            <strong>{title}</strong>
            <span className="tx-sub">
              <DateText value={row.date} />
              {row.payee && row.description && row.description !== row.payee ? ` · ${row.description}` : ''}
            </span>
          </span>
        </label>
        <strong className={`tx-amount amount-${row.type.toLowerCase()}`}>
          <span className="visually-hidden">{row.type}: </span>
          <Money amount={row.type === 'Expense' ? negate(row.amount) : row.amount} />
        </strong>
      </div>
      {row.duplicateOf ? <p className="import-duplicate">Already in the budget (possible duplicate)</p> : null}
      {choice.include ? (
        <SelectField
          label={`Category for ${title}`}
          id={`category-${row.index}`}
          name={`category-${row.index}`}
          className="import-category"
          value={choice.categoryId}
          error={error ? 'Choose a category' : undefined}
          onChange={(event) => onChange({ categoryId: event.target.value })}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
              {category.id === row.suggestedCategoryId ? ' (suggested)' : ''}
            </option>
          ))}
        </SelectField>
      ) : null}
    </li>
  );
}
