import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { amountChoices, amountForInput, type AmountChoices } from '../money';
import { useMoney } from './SharingParts';

interface Asking {
  typed: string;
  choices: AmountChoices;
}

/**
 * "1.500 — 1.500,00 € or 1,50 €?": a typed amount whose only separator sits three digits from the
 * end is asked about before the form saves it (`amountChoices`). The form calls `ask` when it is
 * saved; while the person has not changed the text since, `question` shows both readings in their
 * language and the group's currency, and a tap hands the chosen one (the API's decimal) to `choose`,
 * taken from the render the tap happens in, so it saves what the form holds then.
 */
export function useAmountQuestion() {
  const [asking, setAsking] = useState<Asking | null>(null);
  return {
    /** True when `typed` may mean two amounts: the question is shown and nothing may be saved yet. */
    ask(typed: string, signed = false): boolean {
      const choices = amountChoices(typed, signed);
      setAsking(choices ? { typed, choices } : null);
      return choices !== null;
    },
    /** The question, while the field (`current`) still holds what was asked about. */
    question(current: string, choose: (amount: string) => void) {
      if (!asking || asking.typed !== current) return null;
      return (
        <AmountQuestion
          {...asking}
          choose={(amount) => {
            setAsking(null);
            choose(amount);
          }}
        />
      );
    },
  };
}

/** What a form does with the chosen reading: shows it in the field as the language writes it ("1.500,00"), then saves again. */
export function retypeAndSave(retype: (text: string) => void, save: () => unknown): (amount: string) => void {
  return (amount) => {
    retype(amountForInput(amount));
    void save();
  };
}

function AmountQuestion({ typed, choices, choose }: Asking & { choose: (amount: string) => void }) {
  const t = useT();
  const money = useMoney();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // where the eyes and the keyboard go after "Save", as the error summary; centred, clear of a phone's bottom bar
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: 'center' });
  }, []);
  const readings = [choices.thousands, choices.decimal];
  return (
    <div className="notice amount-question" role="group" aria-labelledby={id} tabIndex={-1} ref={ref}>
      <p id={id}>{t('budget.amount.which', { typed: typed.trim(), thousands: money(choices.thousands), decimal: money(choices.decimal) })}</p>
      <div className="actions">
        {readings.map((amount) => (
          <Button key={amount} variant="secondary" onClick={() => choose(amount)}>
            {money(amount)}
          </Button>
        ))}
      </div>
    </div>
  );
}
