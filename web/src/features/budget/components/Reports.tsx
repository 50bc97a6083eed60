import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useLocale, useT } from '@/i18n';
import { DateText, Field, LoadState, Money, Page, SelectField, Skeleton } from '@/ui';
import { Disclosure } from '@/ui/Disclosure';
import { intlLocale } from '@/ui/format';
import { useAccounts, useMonthlyReport, useYearlyReport, type MonthlyReport, type YearlyReport } from '../api';
import { Totals } from './Totals';

const BarChart = lazy(() => import('./BarChart'));

function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Monthly (totals, per category, per day) and yearly (12 months, per category) reports. */
export default function Reports() {
  const t = useT();
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
    <Page title={t('reports.title')}>
      <div className="segmented-tabs" role="group" aria-label={t('reports.period')}>
        <button type="button" className="icon-btn" aria-pressed={view === 'month'} onClick={() => update({ view: '' })}>
          {t('reports.month')}
        </button>
        <button type="button" className="icon-btn" aria-pressed={view === 'year'} onClick={() => update({ view: 'year', year: String(year) })}>
          {t('reports.year')}
        </button>
      </div>
      <div className="toolbar grid-2">
        {view === 'month' ? (
          <Field
            label={t('reports.month')}
            name="month"
            type="month"
            value={month}
            onChange={(event) => event.target.value && update({ month: event.target.value })}
          />
        ) : (
          <Field
            label={t('reports.year')}
            name="year"
            type="number"
            inputMode="numeric"
            min={1900}
            max={9999}
            value={year}
            onChange={(event) => /^\d{4}$/.test(event.target.value) && update({ year: event.target.value })}
          />
        )}
        <SelectField label={t('reports.account')} name="account" value={account} onChange={(event) => update({ account: event.target.value })}>
          <option value="">{t('reports.allAccounts')}</option>
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
  const t = useT();
  const [daysOpen, setDaysOpen] = useState(false);
  const daysPanel = useId();
  const activeDays = report.days.filter((day) => day.income !== '0.00' || day.expense !== '0.00');
  const categorySeries = useMemo(
    () => [
      {
        label: t('reports.expenses'),
        values: report.categories.map((category) => Number(category.expense)),
        colors: report.categories.map((category) => category.color),
      },
    ],
    [report, t],
  );
  const daySeries = useMemo(
    () => [
      { label: t('reports.income'), values: report.days.map((day) => Number(day.income)), colors: '#16a34a' },
      { label: t('reports.expenses'), values: report.days.map((day) => Number(day.expense)), colors: '#dc2626' },
    ],
    [report, t],
  );
  return (
    <>
      <Totals income={report.totalIncome} expense={report.totalExpense} net={report.net} currency={report.currency} />
      <h2>{t('reports.byCategory')}</h2>
      {report.categories.length === 0 ? (
        <p className="muted">{t('reports.nothingThisMonth')}</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton lines={3} />}>
            <BarChart
              horizontal
              labels={report.categories.map((category) => category.name)}
              series={categorySeries}
              currency={report.currency}
              description={t('reports.categoryChart')}
              height={Math.max(120, report.categories.length * 28)}
            />
          </Suspense>
          <CategoryTable categories={report.categories} currency={report.currency} />
        </>
      )}
      <h2>{t('reports.byDay')}</h2>
      {activeDays.length === 0 ? (
        <p className="muted">{t('reports.nothingThisMonth')}</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton lines={3} />}>
            <BarChart
              labels={report.days.map((day) => day.date.slice(8))}
              series={daySeries}
              currency={report.currency}
              description={t('reports.dayChart')}
              height={180}
            />
          </Suspense>
          {/* the day-by-day figures fold: on a phone they are a card a day */}
          <div className="report-days">
            <Disclosure open={daysOpen} onToggle={() => setDaysOpen(!daysOpen)} controls={daysPanel}>
              {t('reports.days', { count: activeDays.length })}
            </Disclosure>
            {daysOpen ? (
              <div id={daysPanel}>
                <FiguresTable
                  caption={t('reports.daysCaption')}
                  label={t('reports.day')}
                  rows={activeDays.map((day) => ({ key: day.date, name: <DateText value={day.date} />, figures: [day.income, day.expense] }))}
                  figures={[t('reports.income'), t('reports.expenses')]}
                  currency={report.currency}
                />
              </div>
            ) : null}
          </div>
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
  const t = useT();
  const locale = useLocale();
  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', timeZone: 'UTC' });
    return report.months.map((month) => format.format(new Date(Date.UTC(report.year, month.month - 1, 1))));
  }, [report, locale]);
  const series = useMemo(
    () => [
      { label: t('reports.income'), values: report.months.map((month) => Number(month.income)), colors: '#16a34a' },
      { label: t('reports.expenses'), values: report.months.map((month) => Number(month.expense)), colors: '#dc2626' },
    ],
    [report, t],
  );
  return (
    <>
      <Totals income={report.totalIncome} expense={report.totalExpense} net={report.net} currency={report.currency} />
      <h2>{t('reports.monthByMonth')}</h2>
      <Suspense fallback={<Skeleton lines={3} />}>
        <BarChart labels={monthNames} series={series} currency={report.currency} description={t('reports.yearChart', { year: String(report.year) })} />
      </Suspense>
      <FiguresTable
        caption={t('reports.monthsOf', { year: String(report.year) })}
        label={t('reports.month')}
        rows={report.months.map((month, index) => ({ key: String(month.month), name: monthNames[index], figures: [month.income, month.expense, month.net] }))}
        figures={[t('reports.income'), t('reports.expenses'), t('reports.net')]}
        currency={report.currency}
      />
      <h2>{t('reports.byCategory')}</h2>
      {report.categories.length ? (
        <CategoryTable categories={report.categories} currency={report.currency} />
      ) : (
        <p className="muted">{t('reports.nothingThisYear')}</p>
      )}
    </>
  );
}

function CategoryTable({ categories, currency }: { categories: MonthlyReport['categories']; currency: string }) {
  const t = useT();
  return (
    <FiguresTable
      compact
      caption={t('reports.perCategory')}
      label={t('reports.category')}
      rows={categories.map((category) => ({
        key: category.categoryId,
        name: (
          <span className="category-name">
            <span className="dot" style={{ background: category.color }} aria-hidden="true" /> {category.name}
          </span>
        ),
        figures: [category.income, category.expense],
      }))}
      figures={[t('reports.income'), t('reports.expenses')]}
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

/** A report table: a name column and amounts; on phones each row becomes a labelled card, unless `compact` (a line a row). */
function FiguresTable({
  caption,
  label,
  rows,
  figures,
  currency,
  compact = false,
}: {
  caption: string;
  label: string;
  rows: FiguresRow[];
  figures: string[];
  currency: string;
  compact?: boolean;
}) {
  return (
    <table className={`table report-table${compact ? ' report-table-compact' : ''}`}>
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
