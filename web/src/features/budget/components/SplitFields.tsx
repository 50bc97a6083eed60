import { useEffect, useState } from 'react';
import type { SummaryItem } from '@/api/form-errors';
import { useGroupMembers } from '@/api/members';
import { useSession } from '@/api/session-context';
import { useLocale, useT } from '@/i18n';
import { Button, Select } from '@/ui';
import { useSplitSettings, type SplitInput, type StoredSplit } from '../api';
import '../sharing.css';
import { previewSplit, SPLIT_MODES, type SplitIssue } from '../split';
import { draftOf, initialSplitState, splitFromState, splitIssues, splitProblem, type SplitMember, type SplitState } from '../split-state';
import { ModePicker, MODE_WORDS, useMoney } from './SharingParts';

interface Props {
  type: string;
  state: SplitState;
  onChange: (next: SplitState) => void;
  /** the amount as typed */
  amount: string;
  members: SplitMember[];
  /** the units of the group's split settings ("Anna & Jonas"), each offered as one party of an equal split */
  units?: { id: string; name: string; userIds: string[] }[];
  /** the service's refusal by field (splitProblem) */
  refused: Record<string, string> | null;
  /** the person tried to save: what does not fit is an error now, not a hint */
  attempted: boolean;
}

/** "Paid by" and "Split": who paid, how it is shared, and each member's part as it is typed. */
export function SplitFields({ type, state, onChange, amount, members, units = [], refused, attempted }: Props) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney();
  const [nextKey, setNextKey] = useState(state.adjustments.length);
  // members of the split who left the group meanwhile stay listed
  const known = new Set(members.map((member) => member.id));
  const everyone = [
    ...members,
    ...[...state.payers, ...state.sharing, ...state.adjustments.map((a) => a.userId)]
      .filter((id, index, all) => !known.has(id) && all.indexOf(id) === index)
      .map((id) => ({ id, nickname: t('budget.split.formerMember') })),
  ];
  const name = (id: string) => everyone.find((member) => member.id === id)?.nickname ?? t('budget.split.formerMember');
  const inOrder = (ids: string[]) => everyone.map((member) => member.id).filter((id) => ids.includes(id));
  const set = (patch: Partial<SplitState>) => onChange({ ...state, ...patch });
  const toggle = (list: string[], id: string) => inOrder(list.includes(id) ? list.filter((other) => other !== id) : [...list, id]);

  const preview = previewSplit(amount, draftOf(state));
  const part = new Map(preview.owed.map((owed) => [owed.userId, owed.amount]));
  const issue = (field: string) => preview.issues.find((one) => one.field === field);
  const refusedWords = (field: string): string | null => {
    const code = refused?.[field];
    if (!code) return null;
    if (code === 'UNKNOWN_MEMBER') return t('budget.split.error.unknownMember');
    if (code === 'SPLIT_PAID_MISMATCH') return t('budget.split.error.paidRefused');
    return t('budget.split.error.shareRefused');
  };
  const words = (found: SplitIssue | undefined): string | null => {
    if (!found) return null;
    switch (found.kind) {
      case 'paid':
        return t('budget.split.issue.paid', { sum: money(found.sum), expected: money(found.expected) });
      case 'adjustments':
        return t('budget.split.issue.adjustments', { sum: money(found.sum), expected: money(found.expected) });
      case 'percent':
        // a decimal string goes to Intl as it is (no float): "90", "99,5" in German
        return t('budget.split.issue.percent', { sum: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(found.sum as unknown as number) });
      case 'exact':
        return t('budget.split.issue.exact', { sum: money(found.sum), expected: money(found.expected) });
      case 'none':
        return t('budget.split.issue.none');
      case 'value':
        return t(state.mode === 'shares' ? 'budget.split.issue.weight' : 'budget.split.issue.value', { name: name(found.userId) });
      case 'adjustment':
      case 'payer':
        return t('budget.split.issue.amount', { name: name(found.userId) });
    }
  };
  const message = (field: string) => refusedWords(field) ?? words(issue(field));
  const tone = attempted || refused ? 'field-message' : 'split-hint';

  if (!state.shared) {
    return (
      <section className="split" aria-label={t('budget.split.section')}>
        <div className="checkbox">
          <input type="checkbox" id="split-shared" checked={false} onChange={() => set({ shared: true })} />
          <label htmlFor="split-shared">{t('budget.split.shared')}</label>
        </div>
        <p className="field-hint">{t('budget.split.notShared')}</p>
      </section>
    );
  }

  const payersMessage = message('split.paidBy') ?? refusedWords('split');
  const membersMessage = message('split.members');
  const adjustmentsMessage = message('split.adjustments');
  return (
    <section className="split" aria-label={t('budget.split.section')}>
      <div className="checkbox">
        <input type="checkbox" id="split-shared" checked onChange={() => set({ shared: false })} />
        <label htmlFor="split-shared">{t('budget.split.shared')}</label>
      </div>

      <fieldset className="split-group" id="split.paidBy">
        <legend>{t(type === 'Income' ? 'budget.split.receivedBy' : 'budget.split.paidBy')}</legend>
        <ul className="split-rows">
          {everyone.map((member) => {
            const paying = state.payers.includes(member.id);
            const several = state.payers.length > 1;
            return (
              <li key={member.id} className="split-row">
                <span className="checkbox split-who">
                  <input
                    type="checkbox"
                    id={`paid-${member.id}`}
                    checked={paying}
                    disabled={paying && !several}
                    onChange={() => set({ payers: toggle(state.payers, member.id) })}
                  />
                  <label htmlFor={`paid-${member.id}`}>{member.nickname}</label>
                </span>
                {paying && several ? (
                  <input
                    className="split-value"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('budget.split.paidAmount', { name: member.nickname })}
                    value={state.paid[member.id] ?? ''}
                    onChange={(event) => set({ paid: { ...state.paid, [member.id]: event.target.value } })}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {payersMessage ? (
          <p className={tone} role={tone === 'field-message' ? 'alert' : undefined}>
            {payersMessage}
          </p>
        ) : null}
      </fieldset>

      <ModePicker name="split.mode" modes={SPLIT_MODES} value={state.mode} onChange={(mode) => set({ mode })} />

      <fieldset className="split-group" id="split.members">
        <legend>{t('budget.split.between')}</legend>
        {state.mode === 'equal' && units.length ? (
          <ul className="split-rows split-units" aria-label={t('budget.split.units')}>
            {units.map((unit) => {
              const chosen = Boolean(state.units?.some((one) => one.id === unit.id));
              return (
                <li key={unit.id} className="split-row">
                  <span className="checkbox split-who">
                    <input
                      type="checkbox"
                      id={`unit-${unit.id}`}
                      checked={chosen}
                      onChange={() =>
                        set(
                          chosen
                            ? { units: (state.units ?? []).filter((one) => one.id !== unit.id) }
                            : {
                                units: [...(state.units ?? []), { id: unit.id, userIds: unit.userIds }],
                                sharing: inOrder([...new Set([...state.sharing, ...unit.userIds.filter((id) => known.has(id))])]),
                              },
                        )
                      }
                    />
                    <label htmlFor={`unit-${unit.id}`}>{t('budget.split.unitAsOne', { name: unit.name })}</label>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
        <ul className="split-rows">
          {everyone.map((member) => {
            const sharing = state.sharing.includes(member.id);
            const index = state.sharing.indexOf(member.id);
            const valueMessage = sharing ? message(`split.members.${index}.value`) : null;
            const owed = part.get(member.id);
            return (
              <li key={member.id} className="split-row">
                <span className="checkbox split-who">
                  <input type="checkbox" id={`share-${member.id}`} checked={sharing} onChange={() => set({ sharing: toggle(state.sharing, member.id) })} />
                  <label htmlFor={`share-${member.id}`}>{member.nickname}</label>
                </span>
                {sharing && state.mode !== 'equal' ? (
                  <input
                    className="split-value"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t(MODE_WORDS[state.mode].value, { name: member.nickname })}
                    aria-invalid={valueMessage && tone === 'field-message' ? true : undefined}
                    value={state.values[member.id] ?? ''}
                    onChange={(event) => set({ values: { ...state.values, [member.id]: event.target.value } })}
                  />
                ) : null}
                <output className="split-part" aria-label={t('budget.split.partOf', { name: member.nickname })}>
                  {owed !== undefined ? money(owed) : '–'}
                </output>
                {valueMessage ? <p className={`${tone} split-row-message`}>{valueMessage}</p> : null}
              </li>
            );
          })}
        </ul>
        {membersMessage ? (
          <p className={tone} role={tone === 'field-message' ? 'alert' : undefined}>
            {membersMessage}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="split-group" id="split.adjustments">
        <legend>{t('budget.split.adjustments')}</legend>
        <p className="field-hint">{t('budget.split.adjustments.hint')}</p>
        {state.adjustments.length ? (
          <ul className="split-rows">
            {state.adjustments.map((adjustment, index) => {
              const change = (patch: Partial<(typeof state.adjustments)[number]>) =>
                set({ adjustments: state.adjustments.map((other) => (other.key === adjustment.key ? { ...other, ...patch } : other)) });
              const amountMessage = message(`split.adjustments.${index}.amount`);
              return (
                <li key={adjustment.key} className="split-row split-adjustment">
                  <Select
                    aria-label={t('budget.split.adjustment.who', { number: index + 1 })}
                    value={adjustment.userId}
                    onChange={(event) => change({ userId: event.target.value })}
                  >
                    {everyone.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.nickname}
                      </option>
                    ))}
                  </Select>
                  <input
                    className="split-value"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('budget.split.adjustment.amount', { number: index + 1 })}
                    value={adjustment.amount}
                    onChange={(event) => change({ amount: event.target.value })}
                  />
                  <Button variant="secondary" onClick={() => set({ adjustments: state.adjustments.filter((other) => other.key !== adjustment.key) })}>
                    {t('budget.split.adjustment.remove')}
                  </Button>
                  {amountMessage ? <p className={`${tone} split-row-message`}>{amountMessage}</p> : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {adjustmentsMessage ? (
          <p className={tone} role={tone === 'field-message' ? 'alert' : undefined}>
            {adjustmentsMessage}
          </p>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            set({ adjustments: [...state.adjustments, { key: nextKey, userId: everyone[0]?.id ?? '', amount: '' }] });
            setNextKey(nextKey + 1);
          }}
        >
          {t('budget.split.adjustment.add')}
        </Button>
      </fieldset>
    </section>
  );
}

/**
 * The split of a transaction form: loads the members and the group's default, holds what is typed,
 * and gives the form its `split`, its check before sending and its reading of a refusal.
 */
export function useSplitForm(split: StoredSplit | null | undefined, isNewExpense: boolean) {
  const t = useT();
  const members = useGroupMembers();
  const settings = useSplitSettings();
  const { claims } = useSession();
  const [state, setState] = useState<SplitState | null>(null);
  const [refused, setRefused] = useState<Record<string, string> | null>(null);
  const [attempted, setAttempted] = useState(false);
  const ready = Boolean(members.data && claims && (settings.data || settings.isError));
  useEffect(() => {
    if (state || !ready) return;
    const list = (members.data ?? []).map((member) => ({ id: member.id, nickname: member.nickname }));
    setState(initialSplitState({ split, settings: settings.data, members: list, me: claims?.userId ?? '', isNewExpense }));
    // set once, when what it starts from has loaded
  }, [ready]);
  const memberList = (members.data ?? []).map((member) => ({ id: member.id, nickname: member.nickname }));
  const units = settings.data?.units ?? [];
  return {
    fields: (amount: string, type: string) =>
      type === 'Transfer' || !state ? null : (
        <SplitFields
          type={type}
          state={state}
          onChange={(next) => {
            setRefused(null);
            setState(next);
          }}
          amount={amount}
          members={memberList}
          units={units}
          refused={refused}
          attempted={attempted}
        />
      ),
    /** undefined while the members have not loaded (offline): the service's default applies, or the stored split stays */
    body: (amount: string, type: string): SplitInput | null | undefined => (state ? splitFromState(state, amount, type) : undefined),
    /** the error summary's lines when the split does not fit (its messages turn into errors), else none */
    check: (amount: string, type: string): SummaryItem[] => {
      setAttempted(true);
      setRefused(null);
      const issues = state ? splitIssues(state, amount, type) : [];
      return issues.length ? [{ field: issues[0].field.split('.').slice(0, 2).join('.'), message: t('budget.split.error.summary') }] : [];
    },
    /** the error summary's line when the refusal was the split's (shown in the split's fields), else null */
    refuse: (error: unknown): SummaryItem[] | null => {
      const problem = splitProblem(error);
      setRefused(problem);
      return problem
        ? [{ field: Object.keys(problem)[0] === 'split' ? 'split.paidBy' : Object.keys(problem)[0], message: t('budget.split.error.summary') }]
        : null;
    },
  };
}
