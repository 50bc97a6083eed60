import { OriginalResolver } from '../rates/original-resolver';
import { RatesService } from '../rates/rates.service';
import { convertFromCents, currencyDigits } from '../../../../domain/currency';
import { Injectable, Logger } from '@nestjs/common';
import { AuthUser } from '../../../common/auth/auth-user';
import { Clock, utcDate } from '../../../common/clock/clock';
import { AppError, FieldError } from '../../../common/errors/app-error';
import { Page } from '../../../common/pagination/pagination';
import { Tenant } from '../../../common/tenancy/group-scope';
import { newId } from '../../../database/base.entity';
import { UnitOfWork } from '../../../database/transaction';
import { UsersRepository } from '../../users/users.repository';
import {
  BalanceEffectDto,
  BalancesDto,
  BalancesQuery,
  CreateSettlementDto,
  ExplainQuery,
  SaveSplitSettingsDto,
  SettlementDto,
  SettlementListQuery,
  SplitSettingsDto,
} from './sharing.dto';
import { fromCents, toCents } from '../../../../domain/amount';
import { balanceSheet, currentWeights, NamedMember } from './sharing';
import type { Settlement } from '../entities/settlement.entity';
import { SharingRepository } from './sharing.repository';
import { SplitResolver } from './split-resolver';

/** A client-made id already used, by any row of any group: never says whose. */
export const ID_TAKEN_MESSAGE = 'This id is already used: make a new id';
const idTaken = () => AppError.conflict('ID_TAKEN', ID_TAKEN_MESSAGE);

/** The name of a member whose user is gone. */
const FORMER_MEMBER = 'Former member';

/**
 * Who owes whom: the group's split settings, settlements, balances and their explanation. The
 * arithmetic is in sharing.ts; the kept sums are the migration's triggers'; this orchestrates.
 */
@Injectable()
export class SharingService {
  private readonly logger = new Logger('Sharing');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sharing: SharingRepository,
    private readonly users: UsersRepository,
    private readonly splits: SplitResolver,
    private readonly clock: Clock,
    private readonly originals: OriginalResolver,
    private readonly rates: RatesService,
  ) {}

  async settings(tenant: Tenant): Promise<SplitSettingsDto> {
    const row = await this.sharing.findSettings(tenant);
    return this.toSettingsDto(tenant, row ?? { sharedByDefault: false, mode: 'equal', weights: [], units: [] });
  }

  /** Replaces the settings (one audited row per group, locked while it changes). */
  saveSettings(user: AuthUser, dto: SaveSplitSettingsDto): Promise<SplitSettingsDto> {
    return this.unitOfWork.run(async () => {
      const errors: FieldError[] = [];
      const weighted = new Set<string>();
      dto.weights.forEach((w, i) => {
        if (weighted.has(w.userId)) errors.push({ field: `weights.${i}.userId`, message: 'a member is weighted once' });
        weighted.add(w.userId);
        if (toCents(w.weight) <= 0n) errors.push({ field: `weights.${i}.weight`, message: 'weight must be greater than 0' });
      });
      if (dto.sharedByDefault && dto.weights.length === 0)
        errors.push({ field: 'weights', message: 'sharing by default needs at least one member in weights' });
      const settings = await this.sharing.lockSettings(user);
      const known = new Set((settings.units ?? []).map((u) => u.id));
      const inUnit = new Set<string>();
      dto.units.forEach((unit, i) => {
        if (unit.id && !known.has(unit.id)) errors.push({ field: `units.${i}.id`, message: 'not a unit of this group: omit the id of a new unit' });
        unit.userIds.forEach((userId, j) => {
          if (inUnit.has(userId)) errors.push({ field: `units.${i}.userIds.${j}`, message: 'a member belongs to at most one unit' });
          inUnit.add(userId);
        });
      });
      if (errors.length) throw AppError.invalid(errors);
      await this.splits.assertMembers(user, [
        ...dto.weights.map((w, i) => ({ field: `weights.${i}.userId`, userId: w.userId })),
        ...dto.units.flatMap((unit, i) => unit.userIds.map((userId, j) => ({ field: `units.${i}.userIds.${j}`, userId }))),
      ]);
      Object.assign(settings, {
        sharedByDefault: dto.sharedByDefault,
        mode: dto.mode,
        weights: dto.weights.map((w) => ({ userId: w.userId, weight: normaliseWeight(w.weight) })),
        units: dto.units.map((unit) => ({ id: unit.id ?? newId(), name: unit.name, userIds: unit.userIds })),
      });
      return this.toSettingsDto(user, await this.sharing.saveSettings(settings));
    });
  }

  createSettlement(user: AuthUser, dto: CreateSettlementDto): Promise<SettlementDto> {
    if (dto.fromUserId === dto.toUserId) {
      throw AppError.badRequest('SETTLEMENT_TO_SELF', 'A member cannot pay themselves', [
        { field: 'toUserId', message: 'toUserId must differ from fromUserId' },
      ]);
    }
    return this.unitOfWork.run(async () => {
      await this.splits.assertMembers(user, [
        { field: 'fromUserId', userId: dto.fromUserId },
        { field: 'toUserId', userId: dto.toUserId },
      ]);
      const date = dto.date ?? utcDate(this.clock.now());
      const { amount, original } = await this.originals.resolve(user, dto, date);
      const note = dto.note || null;
      if (dto.id) {
        // the same member's identical retry answers the settlement it made; an id taken anywhere else is 409, whoever holds it
        const existing = await this.sharing.findSettlementAnywhere(dto.id);
        if (existing) {
          const { groupId, ...settlement } = existing;
          const retry =
            groupId === user.groupId &&
            settlement.createdBy === user.userId &&
            settlement.fromUserId === dto.fromUserId &&
            settlement.toUserId === dto.toUserId &&
            settlement.amount === amount &&
            settlement.date === date &&
            settlement.note === note &&
            JSON.stringify(settlement.original) === JSON.stringify(original);
          if (retry) return settlement;
          throw idTaken();
        }
      }
      const saved = await this.sharing.insertSettlement({
        ...(dto.id ? { id: dto.id } : {}),
        groupId: user.groupId,
        fromUserId: dto.fromUserId,
        toUserId: dto.toUserId,
        amount,
        date,
        note,
        original,
        createdById: user.userId,
      });
      return toSettlementDto(saved);
    });
  }

  async getSettlement(tenant: Tenant, id: string): Promise<SettlementDto> {
    const row = await this.sharing.findSettlement(tenant, id);
    if (!row) throw AppError.notFound('Settlement');
    return row;
  }

  listSettlements(tenant: Tenant, query: SettlementListQuery): Promise<Page<SettlementDto>> {
    return this.sharing.settlementsPage(tenant, query, query);
  }

  /** Its creator or either party may delete a settlement; another member: 403. */
  async removeSettlement(user: AuthUser, id: string): Promise<void> {
    await this.unitOfWork.run(async () => {
      const settlement = await this.sharing.lockSettlement(user, id);
      if (![settlement.createdById, settlement.fromUserId, settlement.toUserId].includes(user.userId)) {
        throw AppError.forbidden('FORBIDDEN', 'Only who recorded a settlement, or either of its members, may delete it');
      }
      await this.sharing.removeSettlement(settlement);
    });
  }

  /**
   * The parties (every current member or their unit, and every former member with rows in the
   * period), their sums and nets, and the payments that settle them.
   */
  async balances(user: AuthUser, query: BalancesQuery): Promise<BalancesDto> {
    const [totals, settings, current] = await Promise.all([
      this.sharing.totals(user, query.from ?? null, query.to ?? null),
      this.sharing.findSettings(user),
      this.users.findActiveMembers(user),
    ]);
    const members = await this.membersOf(
      user,
      current,
      totals.map((t) => t.userId),
    );
    const sheet: BalancesDto = {
      currency: user.currency,
      from: query.from ?? null,
      to: query.to ?? null,
      ...balanceSheet(members, totals, settings?.units ?? []),
    };
    return query.currency ? this.convert(user, sheet, query.currency, query.to ?? utcDate(this.clock.now())) : sheet;
  }

  /**
   * The balances also in another currency, at its rate on `date`: each party's net, and each
   * suggestion with its `original` (the payment in that currency, half-up to its minor unit), which
   * recorded with the suggestion's amount keeps the group's nets exact.
   */
  private async convert(user: AuthUser, sheet: BalancesDto, currency: string, date: string): Promise<BalancesDto> {
    const rate = await this.rates.get(user, currency, date);
    const digits = currencyDigits(currency);
    const inCurrency = (amount: string) => convertFromCents(toCents(amount), rate.rate, digits);
    return {
      ...sheet,
      suggestions: sheet.suggestions.map((s) => ({ ...s, original: { amount: inCurrency(s.amount), currency, rate: rate.rate } })),
      converted: {
        currency,
        rate: rate.rate,
        source: rate.source,
        rateDate: rate.rateDate,
        parties: sheet.parties.map((p) => ({ ...(p.userId ? { userId: p.userId } : { unitId: p.unitId }), net: inCurrency(p.net) })),
      },
    };
  }

  /** The rows behind one party's net, newest first; a party that is neither a member with rows, a current member nor a unit: 404. */
  async explain(user: AuthUser, query: ExplainQuery): Promise<Page<BalanceEffectDto>> {
    const settings = await this.sharing.findSettings(user);
    const unit = settings?.units.find((u) => u.id === query.party);
    let userIds: string[];
    if (unit) {
      userIds = unit.userIds;
    } else {
      const [current, former] = await Promise.all([this.users.activeMembersAmong(user, [query.party]), this.sharing.withRows(user, [query.party])]);
      if (!current.has(query.party) && !former.has(query.party)) throw AppError.notFound('Party');
      userIds = [query.party];
    }
    return this.sharing.explainPage(user, userIds, query, query);
  }

  /**
   * Housekeeping: recomputes the kept shares and members' day sums from the transactions and
   * settlements, logs every kept row that differed and writes the fresh value over it, one group at
   * a time, each in its own short database transaction that holds off only that group's writers of
   * shared rows. A group whose check fails is logged and checked again the next day; the others go on.
   */
  async checkKeptSums(): Promise<{ repaired: number }> {
    let repaired = 0;
    for (const groupId of await this.sharing.groupIds()) {
      try {
        const differences = await this.unitOfWork.run(() => this.sharing.checkAndRepair(groupId));
        for (const difference of differences) this.logger.warn({ groupId, ...difference }, 'kept sums differed from the rows: repaired');
        repaired += differences.length;
      } catch (error) {
        this.logger.error({ err: error, groupId }, 'kept sums could not be checked');
      }
    }
    return { repaired };
  }

  /**
   * The settings as the API shows them: with `droppedMembers`, the weighted members who left the
   * group and whom the default therefore leaves out (only when there are any).
   */
  private async toSettingsDto(tenant: Tenant, settings: Pick<SplitSettingsDto, 'sharedByDefault' | 'mode' | 'weights' | 'units'>): Promise<SplitSettingsDto> {
    const { sharedByDefault, mode, weights, units } = settings;
    const named = await this.users.findNicknames(
      tenant,
      weights.map((w) => w.userId),
    );
    const current = new Set(named.filter((user) => user.isMember).map((user) => user.id));
    const names = new Map(named.map((user) => [user.id, user.nickname]));
    const dropped = currentWeights(weights, current).dropped.map((w) => ({ userId: w.userId, name: names.get(w.userId) ?? FORMER_MEMBER }));
    return { sharedByDefault, mode, weights, units, ...(dropped.length ? { droppedMembers: dropped } : {}) };
  }

  /** Current members by nickname, then former members with rows by nickname. */
  private async membersOf(tenant: Tenant, current: { id: string; nickname: string }[], withRows: string[]): Promise<NamedMember[]> {
    const currentIds = new Set(current.map((m) => m.id));
    const formerIds = withRows.filter((id) => !currentIds.has(id));
    const former = await this.users.findNicknames(tenant, formerIds);
    const nameOf = new Map(former.map((f) => [f.id, f.nickname]));
    const formers = formerIds
      .map((userId) => ({ userId, name: nameOf.get(userId) ?? FORMER_MEMBER, isFormer: true }))
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.userId.localeCompare(b.userId));
    return [...current.map((m) => ({ userId: m.id, name: m.nickname, isFormer: false })), ...formers];
  }
}

/** "0.50" → "0.5", "2.00" → "2": a weight as a person writes it. */
function normaliseWeight(weight: string): string {
  return fromCents(toCents(weight))
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

function toSettlementDto(s: Settlement): SettlementDto {
  return {
    id: s.id,
    fromUserId: s.fromUserId,
    toUserId: s.toUserId,
    amount: s.amount,
    date: s.date,
    note: s.note,
    createdBy: s.createdById,
    createdDate: s.createdDate.toISOString(),
    original: s.original ?? null,
  };
}
