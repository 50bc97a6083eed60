import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { describeProblem, ProblemError } from '@/api/problem';
import { useLocale, useT } from '@/i18n';
import { Button, ErrorSummary, Field, Notice, Page, Select, SelectField } from '@/ui';
import { Disclosure } from '@/ui/Disclosure';
import { formatDate } from '@/ui/format';
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
import { reasonText } from '../import-reasons';
import { negate, sumCents } from '../money';
import { RequireBudgetSetup } from './Setup';
import { useBothAmounts } from './SharingParts';

const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'DD/MM/YY', 'MM/DD/YY', 'DD-MM-YYYY', 'MM-DD-YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD'];
/** The columns the column step asks for, in its order. */
const MAPPED = ['date', 'amount', 'debit', 'credit', 'description', 'payee', 'originalAmount', 'originalCurrency'] as const satisfies (keyof ColumnMapping)[];
type MappedField = (typeof MAPPED)[number];

/** Import statement: account and file → (columns, when not recognised) → preview by payee → the result, with a link to the rows. */
export default function ImportStatement() {
  const t = useT();
  return (
    <Page title={t('import.title')}>
      <RequireBudgetSetup fresh>
        {({ accounts, categories }) => <ImportFlow accounts={accounts.filter((a) => !a.isDisabled)} categories={categories} />}
      </RequireBudgetSetup>
    </Page>
  );
}

interface Imported {
  created: number;
  skipped: number;
  link: string;
}

/** Why the file cannot be read, in the person's language: the service's reason with its values, else its code's words. */
const problemText = (problem: ProblemError): string => reasonText(problem.reason, problem.params) ?? describeProblem(problem);

/** The file step's form: the account, the file, and when asked for, the date format and the columns. */
interface FileStepValues {
  accountId: string;
  file: FileList | null;
  dateFormat: string;
  /** a column number per field of the mapping; '' for none */
  columns: Partial<Record<MappedField, string>>;
}

function ImportFlow({ accounts, categories }: { accounts: Account[]; categories: Category[] }) {
  const t = useT();
  const { register, handleSubmit, formState, setValue } = useForm<FileStepValues>({
    defaultValues: { accountId: (accounts.find((a) => a.isDefault) ?? accounts[0])?.id ?? '', file: null, dateFormat: '', columns: {} },
  });
  // the column step, once the service could not recognise the columns (until another file is chosen)
  const [askColumns, setAskColumns] = useState(false);
  const [problem, setProblem] = useState<ProblemError | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const upload = useBudgetMutation((variables: StatementUpload) => budgetApi.previewStatement(variables));

  const submit = handleSubmit(async ({ accountId, file, dateFormat, columns }) => {
    try {
      const result = await upload.mutateAsync({
        budgetAccountId: accountId,
        file: file![0],
        dateFormat: (dateFormat || undefined) as StatementUpload['dateFormat'],
        mapping: askColumns ? Object.fromEntries(Object.entries(columns).filter(([, column]) => column)) : undefined,
      });
      setProblem(null);
      setPreview(result);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      setProblem(error);
      if (error.code === 'UNMAPPED_COLUMNS' && error.columns.length) setAskColumns(true);
    }
  });

  if (imported) {
    return (
      <ImportResult
        imported={imported}
        onAnother={() => {
          setImported(null);
          setPreview(null);
          setValue('file', null);
        }}
      />
    );
  }
  if (preview) {
    return (
      <PreviewStep
        preview={preview}
        categories={categories}
        onBack={() => setPreview(null)}
        onDone={(result) => {
          setPreview(null);
          setImported(result);
        }}
      />
    );
  }
  const ambiguous = problem?.code === 'AMBIGUOUS_DATE';
  const columns = problem?.code === 'UNMAPPED_COLUMNS' ? problem.columns : [];

  return (
    <form onSubmit={(event) => void submit(event)} className="stack import-form" aria-label={t('import.form')} noValidate>
      {problem && !ambiguous ? (
        <ErrorSummary
          items={[{ message: problem.line ? t('import.problemAtLine', { detail: problemText(problem), line: problem.line }) : problemText(problem) }]}
          title={t('import.unreadable')}
        />
      ) : null}
      <p>{t('import.intro')}</p>
      <SelectField label={t('import.account')} id="account" {...register('accountId')}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.isDefault ? t('import.defaultAccount', { name: account.name }) : account.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('import.file')}
        id="file"
        type="file"
        accept=".csv,.txt,.ofx,.qfx,.xml,.qif"
        error={formState.errors.file?.message}
        {...register('file', {
          validate: (files) => (files?.length ? true : t('import.chooseFile')),
          // another file: what the service said of the last one, and its columns, no longer hold
          onChange: () => {
            setProblem(null);
            setAskColumns(false);
            setValue('columns', {});
          },
        })}
      />
      {ambiguous ? (
        <SelectField label={t('import.dateFormat')} id="dateFormat" error={problemText(problem!)} {...register('dateFormat')}>
          <option value="">{t('import.chooseDateFormat')}</option>
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </SelectField>
      ) : null}
      {columns.length && askColumns ? (
        <fieldset className="stack">
          <legend>{t('import.columns.legend')}</legend>
          <p className="field-hint">{t('import.columns.hint')}</p>
          {MAPPED.map((key) => (
            <SelectField key={key} label={t(`import.columns.${key}`)} id={`column-${key}`} {...register(`columns.${key}`)}>
              <option value="">—</option>
              {columns.map((column, i) => (
                <option key={`${i}-${column}`} value={String(i)}>
                  {column || t('import.columns.unnamed', { number: i + 1 })}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      ) : null}
      <div className="actions">
        <Button type="submit" busy={upload.isPending}>
          {t('import.read')}
        </Button>
        <Link className="btn btn-secondary" to="/budget/transactions">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** What was added, at the top of the page and focused (so it is where the person looks), with a link to the rows. */
function ImportResult({ imported, onAnother }: { imported: Imported; onAnother: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <section className="notice notice-success import-result" aria-labelledby="import-result-title">
      <h2 id="import-result-title" ref={heading} tabIndex={-1}>
        {t('import.result.title', { count: imported.created })}
      </h2>
      {imported.skipped ? <p>{t('import.result.skipped', { count: imported.skipped })}</p> : null}
      <div className="actions">
        <Link className="btn btn-primary" to={imported.link} state={{ imported: { created: imported.created, skipped: imported.skipped } }}>
          {t('import.result.show')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('import.result.another')}
        </Button>
      </div>
    </section>
  );
}

interface RowChoice {
  include: boolean;
  categoryId: string;
  /** an Expense row taking the group's default split (the preview's `shared`, until changed) */
  shared: boolean;
}

/** Rows of one payee (or, without one, of one description), in the statement's order. */
interface PayeeGroup {
  /** for element ids: the group's place in the list */
  id: string;
  key: string;
  name: string;
  indexes: number[];
}

function groupByPayee(rows: StatementRow[], unnamed: string): PayeeGroup[] {
  const groups = new Map<string, PayeeGroup>();
  rows.forEach((row, i) => {
    const name = row.payee?.trim() || row.description?.trim() || unnamed;
    const key = name.toLocaleLowerCase();
    const group = groups.get(key) ?? { id: `payee-${groups.size + 1}`, key, name, indexes: [] };
    group.indexes.push(i);
    groups.set(key, group);
  });
  return [...groups.values()];
}

const MIXED = '*';

function PreviewStep({
  preview,
  categories,
  onBack,
  onDone,
}: {
  preview: StatementPreview;
  categories: Category[];
  onBack: () => void;
  onDone: (result: Imported) => void;
}) {
  const t = useT();
  const [choices, setChoices] = useState<RowChoice[]>(() =>
    preview.rows.map((row) => ({ include: !row.duplicateOf, categoryId: row.suggestedCategoryId ?? '', shared: row.shared })),
  );
  const [showErrors, setShowErrors] = useState(false);
  const commit = useBudgetMutation((rows: ImportChoice[]) => budgetApi.commitStatement({ importId: preview.id, rows }));
  const groups = useMemo(() => groupByPayee(preview.rows, t('import.noDescription')), [preview.rows, t]);
  const missingRows = choices.filter((choice) => choice.include && !choice.categoryId).length;
  const missingGroups = groups.filter((group) => group.indexes.some((i) => choices[i].include && !choices[i].categoryId));
  const included = choices.filter((choice) => choice.include).length;
  const change = (indexes: number[], next: Partial<RowChoice>) =>
    setChoices((current) => current.map((choice, i) => (indexes.includes(i) ? { ...choice, ...next } : choice)));
  const expenses = preview.rows.flatMap((row, i) => (row.type === 'Expense' ? [i] : []));
  const fillRemaining = (categoryId: string) =>
    setChoices((current) => current.map((choice) => (choice.include && !choice.categoryId ? { ...choice, categoryId } : choice)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missingRows) {
      setShowErrors(true);
      return;
    }
    // only what differs from the server's defaults travels
    const rows: ImportChoice[] = preview.rows.flatMap((row, i) => {
      const choice = choices[i];
      const shared = choice.include && choice.shared !== row.shared;
      const changed = choice.include !== !row.duplicateOf || (choice.include && choice.categoryId !== (row.suggestedCategoryId ?? '')) || shared;
      if (!changed) return [];
      return [
        {
          index: row.index,
          include: choice.include,
          ...(choice.include ? { categoryId: choice.categoryId } : {}),
          ...(shared ? { shared: choice.shared } : {}),
        },
      ];
    });
    const result = await commit.mutateAsync(rows);
    const dates = preview.rows
      .filter((_, i) => choices[i].include)
      .map((row) => row.date)
      .sort();
    const query = new URLSearchParams({ budgetAccountId: preview.accountId, sort: 'date' });
    if (dates.length) {
      query.set('from', dates[0]);
      query.set('to', dates[dates.length - 1]);
    }
    onDone({ created: result.created, skipped: result.skipped, link: `/budget/transactions?${query}` });
  };

  return (
    <form onSubmit={submit} className="stack import-preview" aria-label={t('import.preview')} noValidate>
      {showErrors && missingRows ? (
        <ErrorSummary
          items={[{ message: t('import.missing', { rows: missingRows, payees: missingGroups.length }), field: `category-${missingGroups[0]?.id}` }]}
        />
      ) : null}
      {commit.error ? <ErrorSummary items={[{ message: commit.error instanceof ProblemError ? describeProblem(commit.error) : t('import.failed') }]} /> : null}
      <Notice>
        {t('import.summary', { rows: preview.rows.length, included, payees: groups.length })}
        {preview.rows.some((row) => row.duplicateOf) ? ` ${t('import.duplicatesLeftOut')}` : ''}
      </Notice>
      {preview.errors.length ? (
        <section aria-labelledby="import-errors-title" className="import-errors">
          <h2 id="import-errors-title">{t('import.errors.title')}</h2>
          <ul>
            {preview.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                {t('import.errors.line', { line: error.line, message: reasonText(error.reason, error.params) ?? t('import.reason.unknown') })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.canShare && expenses.length ? (
        <div className="import-sharing">
          <p className="field-hint">{t(preview.accountShared ? 'import.sharing.sharedAccount' : 'import.sharing.personalAccount')}</p>
          <div className="actions">
            <Button variant="secondary" onClick={() => change(expenses, { shared: true })}>
              {t('import.sharing.all')}
            </Button>
            <Button variant="secondary" onClick={() => change(expenses, { shared: false })}>
              {t('import.sharing.none')}
            </Button>
          </div>
        </div>
      ) : null}
      {missingRows ? <RemainingChoice categories={categories} count={missingRows} onChoose={fillRemaining} /> : null}
      <ul className="import-groups" aria-label={t('import.rows')}>
        {groups.map((group) => (
          <PayeeRows
            key={group.key}
            group={group}
            rows={group.indexes.map((i) => preview.rows[i])}
            choices={group.indexes.map((i) => choices[i])}
            categories={categories}
            showErrors={showErrors}
            canShare={preview.canShare}
            onChange={(positions, next) =>
              change(
                positions.map((position) => group.indexes[position]),
                next,
              )
            }
          />
        ))}
      </ul>
      <div className="actions import-actions">
        <Button type="submit" busy={commit.isPending} disabled={included === 0}>
          {t('import.add', { count: included })}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('import.another')}
        </Button>
      </div>
    </form>
  );
}

/** "Category for all remaining rows": one choice for every row still without one. */
function RemainingChoice({ categories, count, onChoose }: { categories: Category[]; count: number; onChoose: (categoryId: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field import-remaining">
      <label htmlFor={id}>{t('import.remaining.label', { count })}</label>
      <Select id={id} value="" onChange={(event) => event.target.value && onChoose(event.target.value)}>
        <option value="">{t('import.chooseCategory')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function CategorySelect({
  id,
  label,
  value,
  suggested,
  categories,
  invalid,
  mixed,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  suggested: string | undefined;
  categories: Category[];
  invalid: boolean;
  mixed?: boolean;
  onChange: (categoryId: string) => void;
}) {
  const t = useT();
  return (
    <Select
      id={id}
      aria-label={label}
      className="import-category"
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('import.choose')}</option>
      {mixed ? (
        <option value={MIXED} disabled>
          {t('import.mixed')}
        </option>
      ) : null}
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.id === suggested ? t('import.suggested', { name: category.name }) : category.name}
        </option>
      ))}
    </Select>
  );
}

/** One payee: a compact line (name, how many, the sum) with one category for all its rows; its rows on tap. */
function PayeeRows({
  group,
  rows,
  choices,
  categories,
  showErrors,
  canShare,
  onChange,
}: {
  group: PayeeGroup;
  rows: StatementRow[];
  choices: RowChoice[];
  categories: Category[];
  showErrors: boolean;
  canShare: boolean;
  onChange: (positions: number[], next: Partial<RowChoice>) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const positions = rows.map((_, position) => position);
  const includedPositions = positions.filter((position) => choices[position].include);
  const chosen = new Set(includedPositions.map((position) => choices[position].categoryId));
  const value = chosen.size === 1 ? [...chosen][0] : chosen.size > 1 ? MIXED : '';
  const missing = includedPositions.some((position) => !choices[position].categoryId);
  const both = useBothAmounts();
  const signed = (row: StatementRow) => (row.type === 'Expense' ? negate(row.amount) : row.amount);
  // paid in another currency: both amounts, signed alike ("-CHF 84.00 (-€89.13)")
  const amounts = (row: StatementRow) => both(row.amount, row.original, row.type === 'Expense');
  const total = sumCents(includedPositions.map((position) => signed(rows[position])));
  const left = rows.length - includedPositions.length;
  const first = rows[0];
  // its Expense rows are shared (all of them) or not: one tap changes them all
  const expensePositions = positions.filter((position) => rows[position].type === 'Expense');
  const shared = expensePositions.length > 0 && expensePositions.every((position) => choices[position].shared);
  return (
    <li className={`import-group${includedPositions.length ? '' : ' import-row-excluded'}${showErrors && missing ? ' import-group-missing' : ''}`}>
      <div className="import-group-head">
        <Disclosure open={open} onToggle={() => setOpen(!open)} controls={panel} className="import-group-toggle">
          <strong className="import-payee">{group.name}</strong>
          <span className="tx-sub">
            {rows.length === 1 ? formatDate(first.date, false, locale) : t('import.group.count', { count: rows.length })}
            {' · '}
            <span className={`amount-${total.startsWith('-') ? 'expense' : 'income'}`}>
              {/* one row: its amounts as its own line shows them */}
              <span className="money">{rows.length === 1 && includedPositions.length === 1 ? amounts(first) : both(total)}</span>
            </span>
            {left ? ` · ${t('import.group.leftOut', { count: left })}` : ''}
          </span>
        </Disclosure>
        {canShare && expensePositions.length ? (
          <button
            type="button"
            className={`btn btn-secondary import-shared${shared ? ' import-shared-on' : ''}`}
            aria-pressed={shared}
            aria-label={t('import.sharing.toggle', { payee: group.name })}
            onClick={() => onChange(expensePositions, { shared: !shared })}
          >
            {t(shared ? 'import.sharing.shared' : 'import.sharing.yours')}
          </button>
        ) : null}
        <CategorySelect
          id={`category-${group.id}`}
          label={t('import.group.category', { payee: group.name, count: rows.length })}
          value={value}
          suggested={first.suggestedCategoryId}
          categories={categories}
          invalid={showErrors && missing}
          mixed={value === MIXED}
          onChange={(categoryId) => categoryId && onChange(includedPositions.length ? includedPositions : positions, { categoryId })}
        />
      </div>
      {open ? (
        <ul id={panel} className="import-group-rows">
          {rows.map((row, position) => (
            <li key={row.index} className={choices[position].include ? '' : 'import-row-excluded'}>
              <label className="import-include">
                <input
                  type="checkbox"
                  checked={choices[position].include}
                  onChange={(event) => onChange([position], { include: event.target.checked })}
                  aria-label={t('import.row.include', { payee: group.name, date: formatDate(row.date, false, locale) })}
                />
                <span className="row-main">
                  <span>
                    {formatDate(row.date, false, locale)}
                    {' · '}
                    <strong className={`tx-amount amount-${row.type.toLowerCase()}`}>
                      <span className="visually-hidden">{t(row.type === 'Income' ? 'import.row.income' : 'import.row.expense')} </span>
                      <span className="money">{amounts(row)}</span>
                    </strong>
                  </span>
                  {row.description && row.description !== group.name ? <span className="tx-sub">{row.description}</span> : null}
                </span>
              </label>
              {row.duplicateOf ? <p className="import-duplicate">{t('import.row.duplicate')}</p> : null}
              {rows.length > 1 && choices[position].include ? (
                <CategorySelect
                  id={`category-${group.id}-${row.index}`}
                  label={t('import.row.category', { payee: group.name, date: formatDate(row.date, false, locale) })}
                  value={choices[position].categoryId}
                  suggested={row.suggestedCategoryId}
                  categories={categories}
                  invalid={showErrors && !choices[position].categoryId}
                  onChange={(categoryId) => onChange([position], { categoryId })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
