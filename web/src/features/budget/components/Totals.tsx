import { Money } from '@/ui';

/** Income, expense and net of a period, as three figures. */
export function Totals({ income, expense, net, currency }: { income: string; expense: string; net: string; currency: string }) {
  return (
    <dl className="totals">
      <div>
        <dt>Income</dt>
        <dd className="amount-in" data-testid="total-income">
          <Money amount={income} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>Expenses</dt>
        <dd className="amount-out" data-testid="total-expense">
          <Money amount={expense} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>Net</dt>
        <dd data-testid="total-net">
          <Money amount={net} currency={currency} />
        </dd>
      </div>
    </dl>
  );
}
