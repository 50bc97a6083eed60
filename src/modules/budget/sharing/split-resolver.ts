import { Injectable } from '@nestjs/common';
import type { Awaitable } from '../../../common/awaitable';
import { AppError } from '../../../common/errors/app-error';
import type { Tenant } from '../../../common/tenancy/group-scope';
import { UsersRepository } from '../../users/users.repository';
import type { TransactionType } from '../entities/budget-enums';
import { computeSplit, defaultSplitRequest, requestOf, SplitRequest, StoredSplit } from './sharing';
import { SharingRepository, SplitSettingsRow } from './sharing.repository';

/** A userId named somewhere in a body, and the field that named it. */
export interface MemberField {
  field: string;
  userId: string;
}

export const unknownMember = (fields: string[]) =>
  AppError.badRequest(
    'UNKNOWN_MEMBER',
    'Not a member of this group',
    fields.map((field) => ({ field, message: `${field} is not a member of this group` })),
  );

/** The fields of a split request that name members, with the id each names. */
export function memberFields(request: SplitRequest, prefix = 'split'): MemberField[] {
  return [
    ...(request.paidBy ?? []).map((p, i) => ({ field: `${prefix}.paidBy.${i}.userId`, userId: p.userId })),
    ...request.members.map((m, i) => ({ field: `${prefix}.members.${i}.userId`, userId: m.userId })),
    ...(request.adjustments ?? []).map((a, i) => ({ field: `${prefix}.adjustments.${i}.userId`, userId: a.userId })),
  ];
}

/** What the group's default split is made from (its split settings). */
export type DefaultSplitSettings = Pick<SplitSettingsRow, 'sharedByDefault' | 'mode' | 'weights'>;

/**
 * What the split checks need to know of the group. By default each is read by its own statements
 * when asked (in the caller's unit of work); a create reads them with its other checks in one
 * statement beforehand (`TransactionsRepository.readCreateFacts`) and answers from that.
 */
export interface SplitFacts {
  /** the group's split settings, if it has any */
  settings(): Awaitable<DefaultSplitSettings | undefined>;
  /** of these users, those a split may name: current members, and former ones with rows in the group */
  members(ids: string[]): Awaitable<Set<string>>;
  /** of the users the default weights, those who are current members (the default counts only them) */
  current(ids: string[]): Awaitable<Set<string>>;
}

export interface SplitInput {
  type: TransactionType;
  /** the amount, a normalised decimal string */
  amount: string;
  /** the body's split: a request, null (not shared) or undefined (the default / unchanged) */
  split: SplitRequest | null | undefined;
  /** who pays when the request names no payer: the creator */
  payer: string | null;
  /** an update: the split and amount stored now (an omitted split keeps the current one) */
  current?: { split: StoredSplit | null; amount: string };
}

/**
 * The split a (recurring) transaction is saved with: the body's, the group's default (a new
 * Expense without one, when sharedByDefault), or the current one applied to a new amount; every
 * user named must be a member of the group, current or former (400 UNKNOWN_MEMBER, the same for a
 * user of another group as for none). Runs in the caller's unit of work.
 */
@Injectable()
export class SplitResolver {
  constructor(
    private readonly sharing: SharingRepository,
    private readonly users: UsersRepository,
  ) {}

  async resolve(tenant: Tenant, input: SplitInput, facts: SplitFacts = this.read(tenant)): Promise<StoredSplit | null> {
    const request = await this.requestFor(input, facts);
    if (!request) return null;
    if (input.type === 'Transfer') {
      throw AppError.badRequest('SPLIT_NOT_ALLOWED', 'A transfer cannot be shared', [
        { field: 'split', message: input.split ? 'split is not allowed on a Transfer' : 'a Transfer cannot keep the split: send split null' },
      ]);
    }
    const split = this.compute(input.amount, request, input.payer);
    // the default payer is the caller, a member
    await this.assertMembers(tenant, memberFields(request), facts);
    return split;
  }

  /** The split of an amount, or the 400 its problem is. */
  compute(amount: string, request: SplitRequest, payer: string | null, prefix = 'split'): StoredSplit {
    const outcome = computeSplit(amount, request, payer);
    if (outcome.problem) {
      const field = outcome.problem.field.replace(/^split/, prefix);
      const message = outcome.problem.message;
      if (outcome.problem.code === 'VALIDATION_FAILED') throw AppError.invalidField(field, message);
      throw AppError.badRequest(outcome.problem.code, message, [{ field, message }]);
    }
    return outcome.split;
  }

  private async requestFor(input: SplitInput, facts: SplitFacts): Promise<SplitRequest | null> {
    if (input.split === null) return null;
    if (input.split) return input.split;
    if (input.current) return input.current.split ? requestOf(input.current.split, input.current.amount, input.amount) : null;
    if (!takesDefaultSplit(input)) return null;
    return defaultRequest(await facts.settings(), facts);
  }

  /** The group's default split request (members who left dropped), when it shares new expenses by default. */
  async defaultRequest(tenant: Tenant): Promise<SplitRequest | null> {
    const facts = this.read(tenant);
    return defaultRequest(await facts.settings(), facts);
  }

  /** 400 UNKNOWN_MEMBER naming each field whose user is neither a current member nor a former one with rows in the group. */
  async assertMembers(tenant: Tenant, named: MemberField[], facts: SplitFacts = this.read(tenant)): Promise<void> {
    if (named.length === 0) return;
    const members = await facts.members([...new Set(named.map((n) => n.userId))]);
    const fields = named.filter((n) => !members.has(n.userId)).map((n) => n.field);
    if (fields.length) throw unknownMember([...new Set(fields)]);
  }

  /** The facts read by their own statements, as the checks ask for them. */
  private read(tenant: Tenant): SplitFacts {
    return {
      settings: () => this.sharing.findSettings(tenant),
      members: async (ids) => {
        const current = await this.users.activeMembersAmong(tenant, ids);
        const former = await this.sharing.withRows(
          tenant,
          ids.filter((id) => !current.has(id)),
        );
        return new Set([...current, ...former]);
      },
      current: (ids) => this.users.activeMembersAmong(tenant, ids),
    };
  }
}

/** Whether a split left out of the body is the group's default one: a new Expense's with a payer. */
export function takesDefaultSplit(input: Pick<SplitInput, 'type' | 'split' | 'payer' | 'current'>): boolean {
  return input.split === undefined && !input.current && input.type === 'Expense' && !!input.payer;
}

/** The default's request from the settings, counting only the weighted members who are current members. */
async function defaultRequest(settings: DefaultSplitSettings | undefined, facts: Pick<SplitFacts, 'current'>): Promise<SplitRequest | null> {
  if (!settings?.sharedByDefault || settings.weights.length === 0) return null;
  return defaultSplitRequest(settings.mode, settings.weights, await facts.current(settings.weights.map((w) => w.userId)));
}
