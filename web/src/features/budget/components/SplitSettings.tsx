import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { useGroupMembers } from '@/api/members';
import { describeProblem } from '@/api/problem';
import { useListFormat, useT } from '@/i18n';
import { Button, Checkbox, ErrorSummary, Field, LoadState, Notice, Page, useProblemForm } from '@/ui';
import { sharingApi, useBudgetMutation, useSplitSettings, type SplitSettings as Settings } from '../api';
import { isWeight, splitDefaultsBody, splitDefaultsValues, type DefaultUnit, type SplitDefaultsValues } from '../split-defaults';
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

function SettingsForm({ settings, members: current }: { settings: Settings; members: Member[] }) {
  const t = useT();
  const listOf = useListFormat();
  const dropped = settings.droppedMembers ?? [];
  // checked when sent, as before: a message stays until the next send
  const { register, control, watch, setValue, clearErrors, submit, summary, formState } = useProblemForm<SplitDefaultsValues>({
    defaultValues: splitDefaultsValues(settings, current, t('budget.split.formerMember')),
    reValidateMode: 'onSubmit',
    // the service's refusals are shown as a notice (save.error), not on fields
    labels: {},
  });
  const errors = formState.errors;
  const [saved, setSaved] = useState(false);
  const save = useBudgetMutation(sharingApi.saveSplitSettings);
  const send = submit(async (values) => {
    try {
      await save.mutateAsync(splitDefaultsBody(values));
      setSaved(true);
    } catch {
      // shown from save.error
    }
  });
  const mode = watch('mode');
  const members = watch('members');
  const units = watch('units');
  const unitOf = (id: string) => units.findIndex((unit) => unit.userIds.includes(id));
  // the units are a list that grows and shrinks: controlled fields (no field array, whose code would weigh on every page's first load)
  const setUnits = (next: DefaultUnit[]) => {
    // messages are kept by position: one of a removed unit would stand under the next
    clearErrors('units');
    setValue('units', next);
  };
  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        return send(event);
      }}
      noValidate
    >
      <ErrorSummary items={summary} />
      {saved ? <Notice tone="success">{t('budget.sharing.saved')}</Notice> : null}
      {save.error ? <Notice tone="warning">{describeProblem(save.error)}</Notice> : null}
      <h2>{t('budget.sharing.defaults')}</h2>
      {/* sharing by default needs someone to share with: said above the members */}
      <Checkbox
        label={t('budget.sharing.sharedByDefault')}
        {...register('sharedByDefault', { validate: (on, values) => !on || values.members.some((one) => one.included) || t('budget.sharing.error.nobody') })}
      />
      <p className="field-hint">{t('budget.sharing.sharedByDefault.hint')}</p>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => <ModePicker name="default-mode" modes={['equal', 'shares'] as const} value={field.value} onChange={field.onChange} />}
      />
      {dropped.length ? <Notice tone="info">{t('budget.sharing.dropped', { names: listOf(dropped.map((member) => member.name)) })}</Notice> : null}
      <fieldset className="split-group" id="members">
        <legend>{t('budget.sharing.who')}</legend>
        {errors.sharedByDefault ? <p className="field-message">{errors.sharedByDefault.message}</p> : null}
        <ul className="split-rows">
          {members.map((member, index) => {
            const error = errors.members?.[index]?.weight?.message;
            return (
              <li key={member.userId} className="split-row">
                <span className="checkbox split-who">
                  <input type="checkbox" id={`default-${member.userId}`} {...register(`members.${index}.included`)} />
                  <label htmlFor={`default-${member.userId}`}>{member.nickname}</label>
                </span>
                {member.included && mode === 'shares' ? (
                  <input
                    id={`members.${index}.weight`}
                    className="split-value"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('budget.split.value.shares', { name: member.nickname })}
                    aria-invalid={error ? true : undefined}
                    {...register(`members.${index}.weight`, { validate: (value) => isWeight(value) || t('budget.sharing.error.weight') })}
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
        const membersError = errors.units?.[index]?.userIds?.message;
        return (
          <fieldset key={unit.key} className="unit-row" id={`units.${index}.userIds`}>
            <legend>{t('budget.sharing.unit', { number: index + 1 })}</legend>
            <Controller
              control={control}
              name={`units.${index}.name`}
              rules={{ validate: (value) => value.trim() !== '' || t('budget.sharing.error.unitName') }}
              render={({ field }) => <Field label={t('budget.sharing.unit.name')} maxLength={50} error={errors.units?.[index]?.name?.message} {...field} />}
            />
            {membersError ? <p className="field-message">{membersError}</p> : null}
            <Controller
              control={control}
              name={`units.${index}.userIds`}
              rules={{ validate: (ids) => ids.length >= 2 || t('budget.sharing.error.unitMembers') }}
              render={({ field }) => (
                <>
                  {members.map((member) => {
                    const elsewhere = unitOf(member.userId);
                    const inThis = field.value.includes(member.userId);
                    const other = elsewhere >= 0 && !inThis ? units[elsewhere] : null;
                    const otherName = other ? other.name || t('budget.sharing.unit', { number: elsewhere + 1 }) : '';
                    return (
                      <Checkbox
                        key={member.userId}
                        id={`unit-${unit.key}-${member.userId}`}
                        label={other ? t('budget.sharing.unit.inOther', { name: member.nickname, unit: otherName }) : member.nickname}
                        checked={inThis}
                        disabled={Boolean(other)}
                        onChange={() =>
                          field.onChange(
                            inThis
                              ? field.value.filter((id) => id !== member.userId)
                              : members.map((one) => one.userId).filter((id) => id === member.userId || field.value.includes(id)),
                          )
                        }
                      />
                    );
                  })}
                </>
              )}
            />
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
