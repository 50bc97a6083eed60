import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGroupMembers } from '@/api/members';
import { describeProblem } from '@/api/problem';
import { useListFormat, useT } from '@/i18n';
import { Button, Checkbox, ErrorSummary, Field, LoadState, Notice, Page } from '@/ui';
import { sharingApi, useBudgetMutation, useSplitSettings, type SplitSettings as Settings } from '../api';
import { normaliseAmount } from '../money';
import { ModePicker } from './SharingParts';
import '../sharing.css';

interface Member {
  id: string;
  nickname: string;
}

/** /budget/balances/settings: the group's default split and its units (couples who settle as one). */
export default function SplitSettings() {
  const t = useT();
  const settings = useSplitSettings();
  const members = useGroupMembers();
  return (
    <Page title={t('budget.sharing.title')}>
      <p>
        <Link to="/budget/balances">{t('budget.sharing.back')}</Link>
      </p>
      <LoadState query={settings}>
        {(data) => (
          <LoadState query={members}>
            {(list) => <SettingsForm settings={data} members={list.map((member) => ({ id: member.id, nickname: member.nickname }))} />}
          </LoadState>
        )}
      </LoadState>
    </Page>
  );
}

interface Unit {
  key: string;
  id?: string;
  name: string;
  userIds: string[];
}

function SettingsForm({ settings, members: current }: { settings: Settings; members: Member[] }) {
  const t = useT();
  const listOf = useListFormat();
  // members named by the settings who left the group stay listed, so their weight is not dropped unseen
  const known = new Set(current.map((member) => member.id));
  const dropped = settings.droppedMembers ?? [];
  const nameOf = (id: string) => dropped.find((member) => member.userId === id)?.name ?? t('budget.split.formerMember');
  const members = [
    ...current,
    ...[...settings.weights.map((weight) => weight.userId), ...settings.units.flatMap((unit) => unit.userIds)]
      .filter((id, index, all) => !known.has(id) && all.indexOf(id) === index)
      .map((id) => ({ id, nickname: nameOf(id) })),
  ];
  const [sharedByDefault, setShared] = useState(settings.sharedByDefault);
  const [mode, setMode] = useState(settings.mode);
  // the default leaves out who left: they start unticked, so saving takes them out of it
  const [included, setIncluded] = useState<string[]>(
    settings.weights.length ? settings.weights.map((weight) => weight.userId).filter((id) => known.has(id)) : current.map((member) => member.id),
  );
  const [weights, setWeights] = useState<Record<string, string>>(Object.fromEntries(settings.weights.map((weight) => [weight.userId, weight.weight])));
  const [units, setUnits] = useState<Unit[]>(settings.units.map((unit) => ({ key: unit.id, id: unit.id, name: unit.name, userIds: unit.userIds })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useBudgetMutation(sharingApi.saveSplitSettings);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found: Record<string, string> = {};
    if (sharedByDefault && included.length === 0) found.weights = t('budget.sharing.error.nobody');
    if (mode === 'shares') {
      for (const id of included) {
        const weight = normaliseAmount(weights[id] ?? '');
        if (!weight || /^0(\.0+)?$/.test(weight)) found[`weight-${id}`] = t('budget.sharing.error.weight');
      }
    }
    units.forEach((unit) => {
      if (!unit.name.trim()) found[`unit-${unit.key}-name`] = t('budget.sharing.error.unitName');
      if (unit.userIds.length < 2) found[`unit-${unit.key}-members`] = t('budget.sharing.error.unitMembers');
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({
        sharedByDefault,
        mode,
        weights: members.filter((member) => included.includes(member.id)).map((member) => ({ userId: member.id, weight: mode === 'shares' ? (normaliseAmount(weights[member.id] ?? '') as string) : '1' })),
        units: units.map((unit) => ({ ...(unit.id ? { id: unit.id } : {}), name: unit.name.trim(), userIds: unit.userIds })),
      });
      setSaved(true);
    } catch {
      // shown from save.error
    }
  };
  const unitOf = (id: string) => units.find((unit) => unit.userIds.includes(id));
  const summary = Object.entries(errors).map(([field, message]) => ({ field, message }));
  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary items={summary} />
      {saved ? <Notice tone="success">{t('budget.sharing.saved')}</Notice> : null}
      {save.error ? <Notice tone="warning">{describeProblem(save.error)}</Notice> : null}
      <h2>{t('budget.sharing.defaults')}</h2>
      <Checkbox label={t('budget.sharing.sharedByDefault')} checked={sharedByDefault} onChange={(event) => setShared(event.target.checked)} name="sharedByDefault" />
      <p className="field-hint">{t('budget.sharing.sharedByDefault.hint')}</p>
      <ModePicker name="default-mode" modes={['equal', 'shares'] as const} value={mode} onChange={setMode} />
      {dropped.length ? <Notice tone="info">{t('budget.sharing.dropped', { names: listOf(dropped.map((member) => member.name)) })}</Notice> : null}
      <fieldset className="split-group" id="weights">
        <legend>{t('budget.sharing.who')}</legend>
        {errors.weights ? <p className="field-message">{errors.weights}</p> : null}
        <ul className="split-rows">
          {members.map((member) => {
            const on = included.includes(member.id);
            const error = errors[`weight-${member.id}`];
            return (
              <li key={member.id} className="split-row">
                <span className="checkbox split-who">
                  <input
                    type="checkbox"
                    id={`default-${member.id}`}
                    checked={on}
                    onChange={() => setIncluded(on ? included.filter((id) => id !== member.id) : members.map((one) => one.id).filter((id) => id === member.id || included.includes(id)))}
                  />
                  <label htmlFor={`default-${member.id}`}>{member.nickname}</label>
                </span>
                {on && mode === 'shares' ? (
                  <input
                    id={`weight-${member.id}`}
                    className="split-value"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('budget.split.value.shares', { name: member.nickname })}
                    aria-invalid={error ? true : undefined}
                    value={weights[member.id] ?? ''}
                    onChange={(event) => setWeights({ ...weights, [member.id]: event.target.value })}
                  />
                ) : (
                  <span />
                )}
                <span />
                {error ? <p className="field-message split-row-message">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <h2>{t('budget.sharing.units')}</h2>
      <p className="field-hint">{t('budget.sharing.units.hint')}</p>
      {units.map((unit, index) => {
        const change = (patch: Partial<Unit>) => setUnits(units.map((other) => (other.key === unit.key ? { ...other, ...patch } : other)));
        return (
          <fieldset key={unit.key} className="unit-row" id={`unit-${unit.key}-members`}>
            <legend>{t('budget.sharing.unit', { number: index + 1 })}</legend>
            <Field label={t('budget.sharing.unit.name')} id={`unit-${unit.key}-name`} maxLength={50} value={unit.name} error={errors[`unit-${unit.key}-name`]} onChange={(event) => change({ name: event.target.value })} />
            {errors[`unit-${unit.key}-members`] ? <p className="field-message">{errors[`unit-${unit.key}-members`]}</p> : null}
            {members.map((member) => {
              const elsewhere = unitOf(member.id);
              const inThis = unit.userIds.includes(member.id);
              return (
                <Checkbox
                  key={member.id}
                  id={`unit-${unit.key}-${member.id}`}
                  label={elsewhere && !inThis ? t('budget.sharing.unit.inOther', { name: member.nickname, unit: elsewhere.name || t('budget.sharing.unit', { number: units.indexOf(elsewhere) + 1 }) }) : member.nickname}
                  checked={inThis}
                  disabled={Boolean(elsewhere && !inThis)}
                  onChange={() => change({ userIds: inThis ? unit.userIds.filter((id) => id !== member.id) : members.map((one) => one.id).filter((id) => id === member.id || unit.userIds.includes(id)) })}
                />
              );
            })}
            <Button variant="secondary" onClick={() => setUnits(units.filter((other) => other.key !== unit.key))}>
              {t('budget.sharing.unit.remove')}
            </Button>
          </fieldset>
        );
      })}
      <div className="actions">
        <Button variant="secondary" onClick={() => setUnits([...units, { key: crypto.randomUUID(), name: '', userIds: [] }])}>
          {t('budget.sharing.unit.add')}
        </Button>
      </div>
      <div className="actions">
        <Button type="submit" busy={save.isPending}>
          {t('budget.sharing.save')}
        </Button>
      </div>
    </form>
  );
}
