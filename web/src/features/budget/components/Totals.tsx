import { Money } from '@/ui';
import { useT } from '@/i18n';

/** Income, expense and net of a period, as three figures. */
export function Totals({ income, expense, net, currency }: { income: string; expense: string; net: string; currency: string }) {
  const t = useT();
  return (
    <dl className="totals">
      <div>
        <dt>{t('budget.income')}</dt>
        <dd className="amount-in" data-testid="total-income">
          <Money amount={income} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>{t('budget.expenses')}</dt>
        <dd className="amount-out" data-testid="total-expense">
          <Money amount={expense} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>{t('budget.net')}</dt>
        <dd data-testid="total-net">
          <Money amount={net} currency={currency} />
        </dd>
      </div>
    </dl>
  );
}
