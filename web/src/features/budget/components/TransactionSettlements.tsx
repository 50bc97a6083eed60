import { Link } from 'react-router';
import { useT } from '@/i18n';
import { useBalances, useSettlements, type Period } from '../api';
import '../sharing.css';
import { SettlementText } from './SharingParts';

/**
 * The transactions list's payments between members, for the same dates: marked as such and apart
 * from the transactions, because they are not spending (they change only who owes whom).
 */
export function TransactionSettlements({ period }: { period: Period }) {
  const t = useT();
  const settlements = useSettlements(period, 1, 5);
  const balances = useBalances(period);
  if (!settlements.data || settlements.data.totalItems === 0) return null;
  const name = (id: string) => balances.data?.members.find((member) => member.userId === id)?.name ?? t('budget.split.formerMember');
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return (
    <section aria-labelledby="tx-settlements-title">
      <h2 id="tx-settlements-title">{t('budget.transactions.settlements')}</h2>
      <p className="field-hint">{t('budget.transactions.settlements.hint')}</p>
      <ul className="settlements" aria-label={t('budget.transactions.settlements')}>
        {settlements.data.items.map((settlement) => (
          <li key={settlement.id}>
            <span className="settlement-badge">{t('budget.settlements.badge')}</span>
            <SettlementText settlement={settlement} name={name} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/budget/balances${query ? `?${query}` : ''}`}>{t('budget.transactions.settlements.more')}</Link>
      </p>
    </section>
  );
}
