/**
 * The group's default split as its form holds it, with no I/O: where the form starts from the stored
 * settings and the members, and what it sends.
 */
import type { SplitSettings, SplitSettingsInput } from './api';
import { normaliseAmount } from './money';
import type { SplitMember } from './split-state';

/** A member of the default: current, or named by the settings after leaving the group. */
export interface DefaultMember {
  userId: string;
  nickname: string;
  /** shares new expenses by default */
  included: boolean;
  /** the weight as typed (mode "shares") */
  weight: string;
}

/** Members who settle as one party ("Anna & Ben"); `unitId` is the stored unit's, absent for a new one. */
export interface DefaultUnit {
  /** the form's own key of the unit (its row keeps it while units before it are removed) */
  key: string;
  unitId?: string;
  name: string;
  userIds: string[];
}

export interface SplitDefaultsValues {
  sharedByDefault: boolean;
  mode: SplitSettings['mode'];
  members: DefaultMember[];
  units: DefaultUnit[];
}

/**
 * The form's start. Members named by the settings who left the group stay listed (named as the
 * settings name them, else `former`), so their weight is not dropped unseen; they start unticked, so
 * saving takes them out of the default.
 */
export function splitDefaultsValues(settings: SplitSettings, current: SplitMember[], former: string): SplitDefaultsValues {
  const known = new Set(current.map((member) => member.id));
  const dropped = settings.droppedMembers ?? [];
  const left = [...settings.weights.map((weight) => weight.userId), ...settings.units.flatMap((unit) => unit.userIds)]
    .filter((id, index, all) => !known.has(id) && all.indexOf(id) === index)
    .map((id) => ({ id, nickname: dropped.find((member) => member.userId === id)?.name ?? former }));
  const included = settings.weights.length ? settings.weights.map((weight) => weight.userId).filter((id) => known.has(id)) : [...known];
  return {
    sharedByDefault: settings.sharedByDefault,
    mode: settings.mode,
    members: [...current, ...left].map(({ id, nickname }) => ({
      userId: id,
      nickname,
      included: included.includes(id),
      weight: settings.weights.find((weight) => weight.userId === id)?.weight ?? '',
    })),
    units: settings.units.map((unit) => ({ key: unit.id, unitId: unit.id, name: unit.name, userIds: unit.userIds })),
  };
}

/** A weight as typed is usable: an amount above zero. */
export function isWeight(text: string): boolean {
  const weight = normaliseAmount(text);
  return weight !== null && !/^0(\.0+)?$/.test(weight);
}

/** What `PUT /budget/split-settings` takes: the ticked members in their order (weight 1 each when shared equally). */
export function splitDefaultsBody(values: SplitDefaultsValues): SplitSettingsInput {
  return {
    sharedByDefault: values.sharedByDefault,
    mode: values.mode,
    weights: values.members
      .filter((member) => member.included)
      .map((member) => ({ userId: member.userId, weight: values.mode === 'shares' ? (normaliseAmount(member.weight) as string) : '1' })),
    units: values.units.map((unit) => ({ ...(unit.unitId ? { id: unit.unitId } : {}), name: unit.name.trim(), userIds: unit.userIds })),
  };
}
