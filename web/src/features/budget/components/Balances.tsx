import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { describeProblem } from '@/api/problem';
import { useSession } from '@/api/session-context';
import { useT, type Translate } from '@/i18n';
import { Button, DateText, EmptyState, Field, LoadState, Notice, Page, SelectField } from '@/ui';
import { Pager } from '@/ui/Pager';
import {
  sharingApi,
  useBalanceExplanation,
  useBalances,
  useBudgetMutation,
  useCategories,
  useSettlements,
  type BalanceEffect,
  type BalanceParty,
  type Balances as BalancesData,
  type Period,
  type Settlement,
} from '../api';
import { amountForInput, normaliseAmount, validateAmount } from '../money';
import { periodPresets, settlementDate } from '../period';
import '../sharing.css';
import { useAmountQuestion } from './AmountQuestion';
import { useCurrencyForm } from './CurrencyFields';
import { SettlementText, useBothAmounts, useMoney } from './SharingParts';

/** /budget/balances: who owes whom in sentences, with the payments that settle everything. */
/** Currencies a group most often settles a trip in, offered beside its own. */
const SETTLE_CURRENCIES = ['EUR', 'CHF', 'GBP', 'USD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'JPY'];

export default function Balances() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const period: Period = {
    ...(params.get('from') ? { from: params.get('from') as string } : {}),
    ...(params.get('to') ? { to: params.get('to') as string } : {}),
  };
  const currency = params.get('currency') ?? undefined;
  const balances = useBalances(period, currency);
  const { claims } = useSession();
  const group = claims?.currency ?? 'EUR';
  const choices = [...new Set([group, ...SETTLE_CURRENCIES])];
  return (
    <Page
      title={t('budget.balances.title')}
      actions={
        <Link className="btn btn-secondary" to="/budget/balances/settings">
          {t('budget.balances.settings')}
        </Link>
      }
    >
      <PeriodPicker
        period={period}
        onChange={(next) => setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Record<string, string>)}
      />
      <SelectField
        label={t('budget.balances.settleIn')}
        value={currency ?? group}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value === group) next.delete('currency');
          else next.set('currency', event.target.value);
          setParams(next);
        }}
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <LoadState query={balances}>{(data) => <BalancesBody data={data} period={period} />}</LoadState>
    </Page>
  );
}

function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const t = useT();
  const [draft, setDraft] = useState({ from: period.from ?? '', to: period.to ?? '' });
  const presets = periodPresets();
  const words = {
    month: t('budget.balances.period.month'),
    lastMonth: t('budget.balances.period.lastMonth'),
    year: t('budget.balances.period.year'),
    all: t('budget.balances.period.all'),
  };
  const choose = (next: Period) => {
    setDraft({ from: next.from ?? '', to: next.to ?? '' });
    onChange(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ from: draft.from || undefined, to: draft.to || undefined });
  };
  return (
    <form onSubmit={apply} aria-label={t('budget.balances.period')}>
      <div className="period-presets" role="group" aria-label={t('budget.balances.period.presets')}>
        {presets.map((preset) => (
          <Button
            key={preset.id}
            variant="secondary"
            aria-pressed={(period.from ?? '') === (preset.period.from ?? '') && (period.to ?? '') === (preset.period.to ?? '')}
            onClick={() => choose(preset.period)}
          >
            {words[preset.id]}
          </Button>
        ))}
      </div>
      <div className="period">
        <Field
          label={t('budget.balances.period.from')}
          type="date"
          name="from"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <Field
          label={t('budget.balances.period.to')}
          type="date"
          name="to"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <div className="actions">
        <Button type="submit" variant="secondary">
          {t('budget.balances.period.show')}
        </Button>
      </div>
    </form>
  );
}

/** "Anna is owed €30.66", "Cleo owes €61.33", "Ben is settled up". */
function netSentence(t: Translate, money: (amount: string) => string, party: BalanceParty): string {
  // a unit is spoken of in the plural: "Anna & Ben owe €12.04"
  const is = party.unitId ? 'unit' : 'member';
  if (party.net.startsWith('-')) return t('budget.balances.party.owes', { name: party.name, is, amount: money(party.net.slice(1)) });
  if (/^0\.00$/.test(party.net)) return t('budget.balances.party.even', { name: party.name, is });
  return t('budget.balances.party.owed', { name: party.name, is, amount: money(party.net) });
}

function BalancesBody({ data, period }: { data: BalancesData; period: Period }) {
  const t = useT();
  const { claims } = useSession();
  const money = useMoney();
  const parties = new Map(data.parties.map((party) => [party.unitId ?? party.userId ?? '', party]));
  // a party's name (a unit's), else a member's
  const name = (id: string) => parties.get(id)?.name ?? data.members.find((member) => member.userId === id)?.name ?? t('budget.split.formerMember');
  const [recorded, setRecorded] = useState<{ id: string; sentence: string } | null>(null);
  // the suggestion whose payment is shown for confirmation before it is recorded
  const [confirming, setConfirming] = useState<string | null>(null);
  const record = useBudgetMutation(sharingApi.recordSettlement);
  /** "CHF 24.45 (€26.00)" when the balances are asked in another currency */
  const both = useBothAmounts();
  const settle = async (from: string, to: string, amount: string, original?: { amount: string; currency: string; rate: string }) => {
    // a unit settles through any of its members: the person recording it when they are one, else its first
    const member = (id: string) => {
      const userIds = parties.get(id)?.userIds ?? [id];
      return claims && userIds.includes(claims.userId) ? claims.userId : userIds[0];
    };
    setRecorded(null);
    const settlement = await record.mutateAsync({ fromUserId: member(from), toUserId: member(to), amount, original, date: settlementDate(period) });
    setConfirming(null);
    // said as it is recorded: a unit's payment in the name of its member
    setRecorded({
      id: settlement.id,
      sentence: t('budget.settlements.sentence', { from: name(member(from)), to: name(member(to)), amount: both(amount, original) }),
    });
  };
  const shared = data.parties.some((party) => party.paid !== '0.00' || party.share !== '0.00' || party.sent !== '0.00' || party.received !== '0.00');
  return (
    <>
      <section aria-labelledby="debts-title">
        <h2 id="debts-title">{t('budget.balances.whoOwes')}</h2>
        {recorded ? <UndoableNotice key={recorded.id} settlementId={recorded.id} text={t('budget.balances.recorded', { payment: recorded.sentence })} /> : null}
        {record.error ? <Notice tone="warning">{describeProblem(record.error)}</Notice> : null}
        {data.suggestions.length === 0 ? (
          <EmptyState title={shared ? t('budget.balances.settled') : t('budget.balances.nothingShared')}>
            {shared ? t('budget.balances.settled.text') : t('budget.balances.nothingShared.text')}
          </EmptyState>
        ) : (
          <ul className="debts" aria-label={t('budget.balances.suggestions')}>
            {data.suggestions.map((suggestion) => {
              const sentence = t('budget.balances.owes', {
                from: name(suggestion.from),
                fromIs: parties.get(suggestion.from)?.unitId ? 'unit' : 'member',
                to: name(suggestion.to),
                amount: both(suggestion.amount, suggestion.original),
              });
              const key = `${suggestion.from}-${suggestion.to}`;
              return (
                <li key={key}>
                  <span className="debt-sentence">{sentence}</span>
                  {confirming === key ? (
                    <div className="debt-confirm" role="group" aria-label={t('budget.balances.confirm.label')}>
                      <p>
                        {t('budget.balances.confirm', {
                          from: name(suggestion.from),
                          fromIs: parties.get(suggestion.from)?.unitId ? 'unit' : 'member',
                          to: name(suggestion.to),
                          amount: both(suggestion.amount, suggestion.original),
                        })}
                      </p>
                      <span className="row-actions">
                        <Button
                          busy={record.isPending}
                          onClick={() => void settle(suggestion.from, suggestion.to, suggestion.amount, suggestion.original).catch(() => undefined)}
                        >
                          {t('budget.balances.confirm.record')}
                        </Button>
                        <Button variant="secondary" onClick={() => setConfirming(null)}>
                          {t('common.cancel')}
                        </Button>
                      </span>
                    </div>
                  ) : (
                    <Button aria-description={sentence} onClick={() => setConfirming(key)}>
                      {t('budget.balances.recordPayment')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {data.suggestions.length > 1 ? <p className="field-hint">{t('budget.balances.suggestions.hint', { count: data.suggestions.length })}</p> : null}
      </section>

      <section aria-labelledby="parties-title">
        <h2 id="parties-title">{t('budget.balances.why')}</h2>
        <ul className="parties" aria-label={t('budget.balances.parties')}>
          {data.parties.map((party) => (
            <li key={party.unitId ?? party.userId}>
              <PartyDetails party={party} period={period} name={name} sentence={netSentence(t, money, party)} />
            </li>
          ))}
        </ul>
      </section>

      <RecordPayment members={data.members.filter((member) => !member.isFormer)} period={period} />
      <SettlementList period={period} name={(id) => data.members.find((member) => member.userId === id)?.name ?? t('budget.split.formerMember')} />
    </>
  );
}

function PartyDetails({ party, period, name, sentence }: { party: BalanceParty; period: Period; name: (id: string) => string; sentence: string }) {
  const t = useT();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const tone = party.net.startsWith('-') ? 'net-owes' : party.net === '0.00' ? '' : 'net-owed';
  return (
    <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>
        <span className={tone}>{sentence}</span>
        {party.isFormer ? <small className="muted">{t('budget.balances.former')}</small> : null}
      </summary>
      <div className="explain">
        <dl className="party-totals">
          <dt>{t('budget.balances.paid')}</dt>
          <dd>{money(party.paid)}</dd>
          <dt>{t('budget.balances.share')}</dt>
          <dd>{money(party.share)}</dd>
          <dt>{t('budget.balances.sent')}</dt>
          <dd>{money(party.sent)}</dd>
          <dt>{t('budget.balances.received')}</dt>
          <dd>{money(party.received)}</dd>
        </dl>
        {open ? <Explanation party={party} period={period} name={name} /> : null}
      </div>
    </details>
  );
}

function Explanation({ party, period, name }: { party: BalanceParty; period: Period; name: (id: string) => string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const explanation = useBalanceExplanation(party.unitId ?? party.userId ?? '', period, page);
  return (
    <LoadState query={explanation} isEmpty={(data) => data.totalItems === 0} empty={<p className="muted">{t('budget.balances.explain.empty')}</p>}>
      {(data) => (
        <>
          <ul className="effects" aria-label={t('budget.balances.explain', { name: party.name })}>
            {data.items.map((effect) => (
              <EffectRow key={`${effect.kind}-${effect.id}`} effect={effect} name={name} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} totalItems={data.totalItems} onPage={setPage} />
        </>
      )}
    </LoadState>
  );
}

function EffectRow({ effect, name }: { effect: BalanceEffect; name: (id: string) => string }) {
  const t = useT();
  const money = useMoney();
  const categories = useCategories();
  const category = categories.data?.find((one) => one.id === effect.categoryId)?.name;
  const settlement = effect.kind === 'Settlement';
  const title = settlement
    ? t('budget.settlements.sentence', { from: name(effect.fromUserId ?? ''), to: name(effect.toUserId ?? ''), amount: money(effect.amount) })
    : [category, effect.description].filter(Boolean).join(' · ') || t('budget.balances.explain.transaction');
  const positive = !effect.effect.startsWith('-') && effect.effect !== '0.00';
  const explain = effect.type === 'Income' ? 'budget.balances.explain.received' : 'budget.balances.explain.paid';
  return (
    <li>
      <span className="effect-main">
        {title}
        <small>
          <DateText value={effect.date} />
          {settlement ? null : ` · ${t(explain, { paid: money(effect.paid), share: money(effect.share), amount: money(effect.amount) })}`}
        </small>
      </span>
      <strong className={positive ? 'net-owed' : effect.effect === '0.00' ? '' : 'net-owes'}>
        {positive ? `+${money(effect.effect)}` : money(effect.effect)}
      </strong>
    </li>
  );
}

function RecordPayment({ members, period }: { members: BalancesData['members']; period: Period }) {
  const t = useT();
  const { claims } = useSession();
  const defaultValues = { from: claims?.userId ?? '', to: '', amount: '', date: settlementDate(period), note: '' };
  // checked when sent, as every form is (reValidateMode: a message stays until the next send)
  const { register, handleSubmit, watch, getValues, setValue, formState } = useForm({ defaultValues, reValidateMode: 'onSubmit' });
  const errors = formState.errors;
  const [saved, setSaved] = useState<string | null>(null);
  const record = useBudgetMutation(sharingApi.recordSettlement);
  const amountQuestion = useAmountQuestion();
  const amount = watch('amount');
  // paid in another currency: the rate of the day, the amount in the group's shown as typed
  const money = useCurrencyForm(null, watch('date'));
  const [rateMissing, setRateMissing] = useState(false);
  const send = async (typed: string) => {
    const values = getValues();
    const paid = money.body(typed);
    setRateMissing(!paid);
    if (!paid) return;
    try {
      const settlement = await record.mutateAsync({
        fromUserId: values.from,
        toUserId: values.to,
        amount: paid.amount,
        original: paid.original,
        date: values.date,
        note: values.note.trim() || null,
      });
      setValue('amount', '');
      setValue('note', '');
      setSaved(settlement.id);
    } catch {
      // shown below from record.error
    }
  };
  const submit = handleSubmit(async (values) => {
    // "1.500": the chosen reading is shown in the field as the language writes it, and saved
    if (amountQuestion.ask(values.amount)) return;
    await send(normaliseAmount(values.amount) as string);
  });
  const rules = {
    amount: {
      validate: (value: string) =>
        validateAmount(value) === true || (value.trim() ? t('budget.settlements.form.amount.invalid') : t('budget.settlements.form.amount.missing')),
    },
    from: { required: t('budget.settlements.form.from.missing') },
    to: {
      validate: (value: string, all: typeof defaultValues) =>
        !value ? t('budget.settlements.form.to.missing') : value === all.from ? t('budget.settlements.form.toSelf') : true,
    },
    date: { required: t('budget.settlements.form.date.missing') },
  };
  return (
    <section aria-labelledby="record-title">
      <h2 id="record-title">{t('budget.settlements.form.title')}</h2>
      <p className="field-hint">{t('budget.settlements.form.hint')}</p>
      <form
        onSubmit={(event) => {
          setSaved(null);
          return submit(event);
        }}
        noValidate
        aria-labelledby="record-title"
      >
        {saved ? <UndoableNotice key={saved} settlementId={saved} text={t('budget.settlements.form.saved')} /> : null}
        {record.error ? <Notice tone="warning">{describeProblem(record.error)}</Notice> : null}
        <div className="grid-2">
          {(['from', 'to'] as const).map((side) => (
            <SelectField
              key={side}
              label={t(`budget.settlements.form.${side}`)}
              id={`settlement-${side}`}
              error={errors[side]?.message}
              {...register(side, rules[side])}
            >
              <option value="">{t('budget.settlements.form.choose')}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </SelectField>
          ))}
          <Field
            label={t('budget.settlements.form.amount')}
            id="settlement-amount"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount', rules.amount)}
          />
          <Field label={t('budget.settlements.form.date')} id="settlement-date" type="date" error={errors.date?.message} {...register('date', rules.date)} />
        </div>
        {money.beside(amount)}
        {rateMissing ? <Notice tone="warning">{t('budget.rate.needed')}</Notice> : null}
        <Field label={t('budget.settlements.form.note')} id="settlement-note" maxLength={500} autoComplete="off" {...register('note')} />
        {amountQuestion.question(amount, (chosen) => {
          setValue('amount', amountForInput(chosen));
          void send(chosen);
        })}
        <div className="actions">
          <Button type="submit" busy={record.isPending}>
            {t('budget.settlements.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** How long a just-recorded payment can be undone. */
export const UNDO_MS = 10_000;

/** "Recorded: …" with an Undo for 10 seconds that deletes the payment just recorded. */
function UndoableNotice({ settlementId, text }: { settlementId: string; text: string }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const [undone, setUndone] = useState(false);
  const remove = useBudgetMutation(sharingApi.deleteSettlement);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), UNDO_MS);
    return () => clearTimeout(timer);
  }, []);
  if (undone) return <Notice tone="success">{t('budget.balances.undone')}</Notice>;
  return (
    <Notice tone="success">
      {text}
      {open ? (
        <>
          {' '}
          <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate(settlementId, { onSuccess: () => setUndone(true) })}>
            {t('budget.balances.undo')}
          </Button>
        </>
      ) : null}
      {remove.error ? <span className="field-error"> {describeProblem(remove.error)}</span> : null}
    </Notice>
  );
}

function SettlementList({ period, name }: { period: Period; name: (id: string) => string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const settlements = useSettlements(period, page);
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useBudgetMutation(sharingApi.deleteSettlement);
  return (
    <section aria-labelledby="settlements-title">
      <h2 id="settlements-title">{t('budget.settlements.title')}</h2>
      <LoadState query={settlements} isEmpty={(data) => data.totalItems === 0} empty={<p className="muted">{t('budget.settlements.empty')}</p>}>
        {(data) => (
          <>
            {remove.error ? <Notice tone="warning">{describeProblem(remove.error)}</Notice> : null}
            <ul className="settlements" aria-label={t('budget.settlements.title')}>
              {data.items.map((settlement: Settlement) => (
                <li key={settlement.id}>
                  <SettlementText settlement={settlement} name={name} />
                  {confirming === settlement.id ? (
                    <span className="row-actions">
                      <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(settlement.id, { onSettled: () => setConfirming(null) })}>
                        {t('budget.settlements.delete.confirm')}
                      </Button>
                      <Button variant="secondary" onClick={() => setConfirming(null)}>
                        {t('budget.settlements.delete.keep')}
                      </Button>
                    </span>
                  ) : (
                    <Button variant="secondary" onClick={() => setConfirming(settlement.id)}>
                      {t('budget.settlements.delete')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pager page={data.page} totalPages={data.totalPages} totalItems={data.totalItems} onPage={setPage} />
          </>
        )}
      </LoadState>
    </section>
  );
}
