/** Small pieces the budget's pages have in common: amounts in the group's currency (and as paid), the mode picker, a settlement's sentence. */
import { useSession } from '@/api/session-context';
import { useLocale, useT, type MessageId } from '@/i18n';
import { DateText, formatMoney } from '@/ui';
import type { Settlement, StoredSplit } from '../api';
import { negate } from '../money';
import type { SplitMode } from '../split';

/** An amount (decimal string) in the group's currency and the chosen language. */
export function useMoney(): (amount: string) => string {
  const locale = useLocale();
  const { claims } = useSession();
  return (amount: string) => formatMoney(amount, claims?.currency ?? 'EUR', locale);
}

/**
 * An amount in the group's currency, after what was paid in another currency when it was: "CHF 84.00 (€89.12)"
 * (docs/budget.md, "Other currencies"); `negative` writes both as money going out.
 */
export function useBothAmounts(): (amount: string, original?: { amount: string; currency: string } | null, negative?: boolean) => string {
  const t = useT();
  const locale = useLocale();
  const money = useMoney();
  const sign = (amount: string, negative?: boolean) => (negative ? negate(amount) : amount);
  return (amount, original, negative) =>
    original
      ? t('budget.money.both', { original: formatMoney(sign(original.amount, negative), original.currency, locale), amount: money(sign(amount, negative)) })
      : money(sign(amount, negative));
}

export const MODE_WORDS: Record<SplitMode, { label: MessageId; hint: MessageId; value: MessageId }> = {
  equal: { label: 'budget.split.mode.equal', hint: 'budget.split.mode.equal.hint', value: 'budget.split.value.equal' },
  shares: { label: 'budget.split.mode.shares', hint: 'budget.split.mode.shares.hint', value: 'budget.split.value.shares' },
  percent: { label: 'budget.split.mode.percent', hint: 'budget.split.mode.percent.hint', value: 'budget.split.value.percent' },
  exact: { label: 'budget.split.mode.exact', hint: 'budget.split.mode.exact.hint', value: 'budget.split.value.exact' },
};

/** "How to split": the modes as large radio buttons. */
export function ModePicker<Mode extends SplitMode>({
  name,
  modes,
  value,
  onChange,
}: {
  name: string;
  modes: readonly Mode[];
  value: Mode;
  onChange: (mode: Mode) => void;
}) {
  const t = useT();
  return (
    <fieldset className="segmented split-modes" id={name}>
      <legend>{t('budget.split.how')}</legend>
      <div className="segmented-options">
        {modes.map((mode) => (
          <label key={mode}>
            <input type="radio" name={name} value={mode} checked={value === mode} onChange={() => onChange(mode)} />
            <span>
              {t(MODE_WORDS[mode].label)}
              <small>{t(MODE_WORDS[mode].hint)}</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "Ben paid Anna €14.00", with its date and note below. */
export function SettlementText({ settlement, name }: { settlement: Settlement; name: (userId: string) => string }) {
  const t = useT();
  const both = useBothAmounts();
  return (
    <span className="effect-main">
      {t('budget.settlements.sentence', {
        from: name(settlement.fromUserId),
        to: name(settlement.toUserId),
        // paid in another currency: both amounts, "CHF 24.45 (€26.00)"
        amount: both(settlement.amount, settlement.original),
      })}
      <small>
        <DateText value={settlement.date} />
        {settlement.note ? ` · ${settlement.note}` : ''}
      </small>
    </span>
  );
}

/** " · shared by 3" after a shared transaction in the list (nothing for the household's own). */
export function SharedMark({ split }: { split: StoredSplit | null | undefined }) {
  const t = useT();
  if (!split) return null;
  return <> · {t('budget.transactions.shared', { count: split.owed.length })}</>;
}
