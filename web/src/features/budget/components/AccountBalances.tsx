import { Money } from '@/ui';
import type { Account } from '../api';

export function AccountBalances({ accounts }: { accounts: Account[] }) {
  return (
    <ul className="balances" aria-label="Account balances">
      {accounts.map((account) => (
        <li key={account.id} className="row">
          <span className="row-main">
            {account.name} {account.isDefault ? <span className="badge badge-accent">Default</span> : null}
            {account.isDisabled ? <span className="badge">Disabled</span> : null}
          </span>
          <strong className={account.balance.startsWith('-') ? 'amount-out' : undefined} aria-label={`Balance of ${account.name}`}>
            <Money amount={account.balance} />
          </strong>
        </li>
      ))}
    </ul>
  );
}
