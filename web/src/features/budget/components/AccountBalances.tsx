import { Money } from '@/ui';
import type { Account } from '../api';
import { useT } from '@/i18n';

export function AccountBalances({ accounts }: { accounts: Account[] }) {
  const t = useT();
  return (
    <ul className="balances" aria-label={t('budget.balances')}>
      {accounts.map((account) => (
        <li key={account.id} className="row">
          <span className="row-main">
            {account.name} {account.isDefault ? <span className="badge badge-accent">{t('budget.account.default')}</span> : null}
            {account.isDisabled ? <span className="badge">{t('budget.account.disabled')}</span> : null}
          </span>
          <strong className={account.balance.startsWith('-') ? 'amount-out' : undefined} aria-label={t('budget.balanceOf', { name: account.name })}>
            <Money amount={account.balance} />
          </strong>
        </li>
      ))}
    </ul>
  );
}
