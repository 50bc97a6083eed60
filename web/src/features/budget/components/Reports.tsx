import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DateText, Field, LoadState, Money, Page, SelectField, Skeleton } from '@/ui';
import { useAccounts, useMonthlyReport, useYearlyReport, type MonthlyReport, type YearlyReport } from '../api';
import { Totals } from './Totals';

const BarChart = lazy(() => import('./BarChart'));

function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Monthly (totals, per category, per day) and yearly (12 months, per category) reports. */
export default function Reports() {
  const [params, setParams] = useSearchParams();
  const accounts = useAccounts();
  const view = params.get('view') === 'year' ? 'year' : 'month';
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? (params.get('month') as string) : currentMonth();
  const year = Number(params.get('year') ?? month.slice(0, 4)) || new Date().getFullYear();
  const account = params.get('account') ?? '';
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return (
    <Page title="Reports">
      <div className="segmented-tabs" role="group" aria-label="Period">
        <button type="button" className="icon-btn" aria-pressed={view === 'month'} onClick={() => update({ view: '' })}>
          Month
        </button>
        <button type="button" className="icon-btn" aria-pressed={view === 'year'} onClick={() => update({ view: 'year', year: String(year) })}>
          Year
        </button>
      </div>
      <div className="toolbar grid-2">
        {view === 'month' ? (
          <Field label="Month" name="month" type="month" value={month} onChange={(event) => event.target.value && update({ month: event.target.value })} />
        ) : (
          <Field
            label="Year"
            name="year"
            type="number"
            inputMode="numeric"
            min={1900}
            max={9999}
            value={year}
            onChange={(event) => /^\d{4}$/.test(event.target.value) && update({ year: event.target.value })}
          />
        )}
        <SelectField label="Account" name="account" value={account} onChange={(event) => update({ account: event.target.value })}>
          <option value="">All accounts</option>
          {(accounts.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
      </div>
      {view === 'month' ? (
        <MonthReport year={Number(month.slice(0, 4))} month={Number(month.slice(5, 7))} account={account || undefined} />
      ) : (
        <YearReport year={year} account={account || undefined} />
      )}
    </Page>
  );
}

function MonthReport({ year, month, account }: { year: number; month: number; account?: string }) {
  const report = useMonthlyReport(year, month, account);
  return <LoadState query={report}>{(data) => <MonthContent report={data} />}</LoadState>;
}

function MonthContent({ report }: { report: MonthlyReport }) {
  const activeDays = report.days.filter((day) => day.income !== '0.00' || day.expense !== '0.00');
  const categorySeries = useMemo(
    () => [{ label: 'Expenses', values: report.categories.map((category) => Number(category.expense)), colors: report.categories.map((category) => category.color) }],
    [report],
  );
  const daySeries = useMemo(
    () => [
      { label: 'Income', values: report.days.map((day) => Number(day.income)), colors: '#16a34a' },
      { label: 'Expenses', values: report.days.map((day) => Number(day.expense)), colors: '#dc2626' },
    ],
    [report],
  );
  return (
    <>
      <Totals income={report.totalIncome} expense={report.totalExpense} net={report.net} currency={report.currency} />
      <h2>By category</h2>
      {report.categories.length === 0 ? (
        <p className="muted">No income or expenses this month.</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton lines={3} />}>
            <BarChart
              horizontal
              labels={report.categories.map((category) => category.name)}
              series={categorySeries}
              currency={report.currency}
              description="Expenses per category this month; the table below lists the figures."
              height={Math.max(140, report.categories.length * 44)}
            />
          </Suspense>
          <CategoryTable categories={report.categories} currency={report.currency} />
        </>
      )}
      <h2>By day</h2>
      {activeDays.length === 0 ? (
        <p className="muted">No income or expenses this month.</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton lines={3} />}>
            <BarChart
              labels={report.days.map((day) => day.date.slice(8))}
              series={daySeries}
              currency={report.currency}
              description="Income and expenses per day of the month; the table below lists the days with any."
            />
          </Suspense>
          <FiguresTable
            caption="Days with income or expenses"
            label="Day"
            rows={activeDays.map((day) => ({ key: day.date, name: <DateText value={day.date} />, figures: [day.income, day.expense] }))}
            figures={['Income', 'Expenses']}
            currency={report.currency}
          />
        </>
      )}
    </>
  );
}

function YearReport({ year, account }: { year: number; account?: string }) {
  const report = useYearlyReport(year, account);
  return <LoadState query={report}>{(data) => <YearContent report={data} />}</LoadState>;
}

function YearContent({ report }: { report: YearlyReport }) {
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
    return report.months.map((month) => format.format(new Date(Date.UTC(report.year, month.month - 1, 1))));
  }, [report]);
  const series = useMemo(
    () => [
      { label: 'Income', values: report.months.map((month) => Number(month.income)), colors: '#16a34a' },
      { label: 'Expenses', values: report.months.map((month) => Number(month.expense)), colors: '#dc2626' },
    ],
    [report],
  );
  return (
    <>
      <Totals income={report.totalIncome} expense={report.totalExpense} net={report.net} currency={report.currency} />
      <h2>Month by month</h2>
      <Suspense fallback={<Skeleton lines={3} />}>
        <BarChart labels={monthNames} series={series} currency={report.currency} description={`Income and expenses of each month of ${report.year}; the table below lists the figures.`} />
      </Suspense>
      <FiguresTable
        caption={`Months of ${report.year}`}
        label="Month"
        rows={report.months.map((month, index) => ({ key: String(month.month), name: monthNames[index], figures: [month.income, month.expense, month.net] }))}
        figures={['Income', 'Expenses', 'Net']}
        currency={report.currency}
      />
      <h2>By category</h2>
      {report.categories.length ? <CategoryTable categories={report.categories} currency={report.currency} /> : <p className="muted">No income or expenses this year.</p>}
    </>
  );
}

function CategoryTable({ categories, currency }: { categories: MonthlyReport['categories']; currency: string }) {
  return (
    <FiguresTable
      caption="Per category"
      label="Category"
      rows={categories.map((category) => ({
        key: category.categoryId,
        name: (
          <span className="category-name">
            <span className="dot" style={{ background: category.color }} aria-hidden="true" /> {category.name}
          </span>
        ),
        figures: [category.income, category.expense],
      }))}
      figures={['Income', 'Expenses']}
      currency={currency}
    />
  );
}

interface FiguresRow {
  key: string;
  name: ReactNode;
  /** decimal strings, one per figure column */
  figures: string[];
}

/** A report table: a name column and amounts; on phones each row becomes a labelled card. */
function FiguresTable({ caption, label, rows, figures, currency }: { caption: string; label: string; rows: FiguresRow[]; figures: string[]; currency: string }) {
  return (
    <table className="table report-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          {figures.map((figure) => (
            <th key={figure} scope="col">
              {figure}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td data-label={label}>{row.name}</td>
            {row.figures.map((amount, index) => (
              <td key={figures[index]} data-label={figures[index]}>
                <Money amount={amount} currency={currency} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
