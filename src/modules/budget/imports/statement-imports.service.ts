import { Injectable } from '@nestjs/common';
import { absCents, type Cents, fromCents } from '../../../../domain/amount';
import { AuthUser } from '../../../common/auth/auth-user';
import { AppError, FieldError } from '../../../common/errors/app-error';
import { Tenant } from '../../../common/tenancy/group-scope';
import { newId } from '../../../database/base.entity';
import { UnitOfWork } from '../../../database/transaction';
import { BudgetAccountsRepository } from '../budget-accounts.repository';
import { CategoriesRepository } from '../categories.repository';
import { TransactionsRepository } from '../transactions.repository';
import { MemberField, memberFields, SplitResolver } from '../sharing/split-resolver';
import type { SplitRequest, StoredSplit } from '../sharing/sharing';
import { CategorySuggester, duplicateRef, importedOriginal, importRefs, matchManual, transactionDescription } from './import-rules';
import { STATEMENT_LIMITS } from './parse/limits';
import { ColumnMapping, StatementError } from './parse/statement';
import { CommitImportDto, CommitResultDto, ImportQuery, StatementImportDto } from './statement-import.dto';
import { StatementImportsRepository, StoredPreview, StoredRow } from './statement-imports.repository';

/** How long a preview can be committed. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** How many of the group's latest categorised transactions the suggestions learn from. */
const SUGGESTION_HISTORY = 5000;
const DAY_MS = 86_400_000;

const shiftDate = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const typeOf = (cents: Cents) => (cents < 0n ? 'Expense' : 'Income');
/** A row's amount as the API writes amounts: positive, the sign in its type. */
const amountOf = (cents: Cents) => fromCents(absCents(cents));
/** The payee a row is shared by in the preview and the commit's `payees`: its payee, else its description. */
export const payeeOf = (row: { payee?: string; description: string }): string => row.payee ?? row.description;
/** A CAMT row's ref by NtryRef (`camt:<NtryRef>@<date>/<cents>`, a batch's `/n`, a repeat's `#n`): its parts. */
const LEGACY_CAMT = /^camt:(.*)@\d{4}-\d{2}-\d{2}\/-?\d+(\/\d+)?(#\d+)?$/s;

function toProblem(error: unknown): unknown {
  if (!(error instanceof StatementError)) return error;
  const errors: FieldError[] = [];
  if (error.line !== undefined) errors.push({ field: `line ${error.line}`, message: error.message });
  return new AppError(400, error.code, error.message, errors.length ? errors : undefined, undefined, {
    reason: error.reason,
    params: error.params,
    ...(error.line !== undefined ? { line: error.line } : {}),
    ...(error.columns ? { columns: error.columns } : {}),
    ...(error.limit ? { limit: error.limit } : {}),
  });
}

function parseMappingQuery(raw: string | undefined): Partial<ColumnMapping> | undefined {
  if (raw === undefined || raw === '') return undefined;
  const invalid = () => AppError.invalidField('mapping', 'mapping must be a JSON object of column names or numbers');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid();
  const allowed = ['date', 'amount', 'debit', 'credit', 'indicator', 'description', 'payee', 'reference', 'originalAmount', 'originalCurrency'];
  const mapping: Record<string, string> = {};
  for (const [key, column] of Object.entries(value)) {
    if (
      !allowed.includes(key) ||
      !(typeof column === 'string' || (typeof column === 'number' && Number.isInteger(column) && column >= 0)) ||
      String(column).length > 200
    ) {
      throw invalid();
    }
    mapping[key] = String(column);
  }
  return mapping;
}

/**
 * Bank statement import (docs/import.md): a preview parses the file, marks duplicates and suggests
 * categories, and is kept 24 h; a commit turns the chosen rows into ordinary transactions in one
 * database transaction.
 */
@Injectable()
export class StatementImportsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly imports: StatementImportsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly accounts: BudgetAccountsRepository,
    private readonly categories: CategoriesRepository,
    private readonly splitResolver: SplitResolver,
  ) {}

  /** The account, when it is the group's and enabled: whether it is shared. */
  private async liveAccount(tenant: Tenant, accountId: string): Promise<{ shared: boolean }> {
    const [account] = await this.accounts.findStatesByIds(tenant, [accountId]);
    if (!account) throw AppError.notFound('Budget account');
    if (account.is_disabled) throw AppError.badRequest('ACCOUNT_DISABLED', 'A disabled budget account cannot take new transactions');
    return { shared: account.shared };
  }

  async preview(user: AuthUser, accountId: string, bytes: Buffer, contentType: string, query: ImportQuery, now = new Date()): Promise<StatementImportDto> {
    const given = parseMappingQuery(query.mapping);
    const account = await this.liveAccount(user, accountId);
    const remembered = given ? undefined : await this.imports.findMapping(accountId);
    let parsed: import('./parse/statement').ParsedStatement;
    try {
      // the parsers (fast-xml-parser among them) load on the first import, not with every process
      const { parseStatement } = await import('./parse');
      parsed = parseStatement(bytes, contentType, {
        mapping: given,
        remembered: remembered?.mapping,
        dateFormat: query.dateFormat,
        rememberedDateFormat: remembered?.date_format ?? undefined,
      });
    } catch (error) {
      throw toProblem(error);
    }
    // parsing is one synchronous slice of work (bounded by the limits); other requests go first
    // before the next slice (the import refs) begins
    await new Promise((resolve) => setImmediate(resolve));

    const refs = importRefs(accountId, parsed.rows);
    const rows: StoredRow[] = parsed.rows.map((row, index) => {
      const original = importedOriginal(row.cents, row.original, user.currency);
      return {
        index,
        line: row.line,
        date: row.date,
        cents: row.cents,
        description: row.description,
        ...(row.payee ? { payee: row.payee } : {}),
        ...(row.reference ? { reference: row.reference } : {}),
        ...(original ? { original } : {}),
        importRef: refs[index],
      };
    });
    const id = newId();
    if (rows.length) await this.markDuplicates(accountId, id, rows);
    const suggester = new CategorySuggester(await this.transactions.findCategorisedHistory(user, SUGGESTION_HISTORY));
    for (const row of rows) {
      const suggested = suggester.suggest(typeOf(row.cents), row.payee, row.description);
      if (suggested) row.suggestedCategoryId = suggested;
    }

    const canShare = (await this.splitResolver.defaultRequest(user)) !== null;
    const sharedByDefault = (cents: Cents) => canShare && account.shared && typeOf(cents) === 'Expense';
    const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
    await this.unitOfWork.run(async () => {
      // a group keeps at most STATEMENT_LIMITS.previewsPerGroup open previews: the oldest beyond expire
      await this.imports.insert(
        { id, group_id: user.groupId, budget_account_id: accountId, format: parsed.format, rows, createdById: user.userId, expiresAt },
        STATEMENT_LIMITS.previewsPerGroup,
      );
      // the columns that worked are remembered for the account's next file, with a date format given and used
      const dateFormat = query.dateFormat && query.dateFormat === parsed.dateFormat ? query.dateFormat : (remembered?.date_format ?? undefined);
      if (parsed.mapping) await this.imports.saveMapping(accountId, parsed.mapping, dateFormat);
    });
    return {
      id,
      format: parsed.format,
      accountId,
      rows: rows.map(({ cents, importRef: _ref, ...row }) => ({ ...row, amount: amountOf(cents), type: typeOf(cents), shared: sharedByDefault(cents) })),
      errors: parsed.errors.slice(0, STATEMENT_LIMITS.errorsListed),
      errorCount: parsed.errors.length,
      ...(parsed.mapping ? { mapping: parsed.mapping } : {}),
      ...(parsed.dateFormat ? { dateFormat: parsed.dateFormat } : {}),
      expiresAt: expiresAt.toISOString(),
      accountShared: account.shared,
      canShare,
    };
  }

  /**
   * Rows already imported (same import ref), then rows repeating a transaction typed by hand. A row
   * already imported takes a ref of its own for this preview (`d:` + a hash of its ref and the
   * preview's id): when the person includes it anyway it is written, once however often the
   * commit is retried, and the account's next import of the file still finds the first one.
   */
  private async markDuplicates(accountId: string, previewId: string, rows: StoredRow[]): Promise<void> {
    const existing = await this.transactions.findByImportRefs(
      accountId,
      rows.map((row) => row.importRef),
    );
    for (const row of rows) {
      const id = existing.get(row.importRef);
      if (!id) continue;
      row.duplicateOf = id;
      row.importRef = duplicateRef(row.importRef, previewId);
    }
    await this.markLegacyCamt(accountId, rows);
    const open = rows.filter((row) => !row.duplicateOf);
    if (open.length === 0) return;
    const dates = open.map((row) => row.date).sort();
    const candidates = await this.transactions.findNotImported(accountId, shiftDate(dates[0], -3), shiftDate(dates[dates.length - 1], 3));
    const matched = matchManual(
      open.map((row) => ({ index: row.index, date: row.date, type: typeOf(row.cents), amount: amountOf(row.cents) })),
      candidates,
    );
    for (const row of open) {
      const id = matched.get(row.index);
      if (id) row.duplicateOf = id;
    }
  }

  /**
   * CAMT entries known by `NtryRef` were imported under `camt:` + the NtryRef alone before the
   * booking date and amount joined it: such a transaction is the row's when its date, type and
   * amount are the row's too (next month's entry of the same number is not).
   */
  private async markLegacyCamt(accountId: string, rows: StoredRow[]): Promise<void> {
    const legacy = new Map<string, StoredRow>();
    for (const row of rows) {
      const match = row.duplicateOf ? null : LEGACY_CAMT.exec(row.importRef);
      if (match) legacy.set(`camt:${match[1]}${match[2] ?? ''}${match[3] ?? ''}`, row);
    }
    for (const found of await this.transactions.findImported(accountId, [...legacy.keys()])) {
      const row = legacy.get(found.import_ref)!;
      if (found.date === row.date && found.type === typeOf(row.cents) && found.amount === amountOf(row.cents)) row.duplicateOf = found.id;
    }
  }

  /**
   * The chosen rows become transactions, all or none: every included Expense or Income row needs a
   * category (given, else the suggestion), else 400 listing the rows. Rows whose import ref the
   * account already holds are skipped, so committing twice (a retry) creates nothing more.
   */
  commit(user: AuthUser, importId: string, dto: CommitImportDto, now = new Date()): Promise<CommitResultDto> {
    return this.unitOfWork.run(async () => {
      const preview: StoredPreview | undefined = await this.imports.findLive(user, importId, now);
      if (!preview) throw AppError.notFound('Import');
      const accountId = preview.budget_account_id;
      // one import at a time per group: the already-imported check below cannot race
      await this.imports.lockGroup(user);
      const account = await this.liveAccount(user, accountId);

      const choices = new Map<number, { include: boolean; categoryId?: string; split?: SplitRequest | null; shared?: boolean }>();
      const errors: FieldError[] = [];
      dto.rows.forEach((choice, i) => {
        if (choice.index >= preview.rows.length) errors.push({ field: `rows[${i}].index`, message: `row ${choice.index} is not in the preview` });
        else if (choices.has(choice.index)) errors.push({ field: `rows[${i}].index`, message: `row ${choice.index} is listed twice` });
        else choices.set(choice.index, choice);
      });
      const chosen = preview.rows.filter((row) => choices.get(row.index)?.include ?? !row.duplicateOf);
      const values = chosen.map((row) => {
        const categoryId = choices.get(row.index)?.categoryId ?? row.suggestedCategoryId;
        if (!categoryId) errors.push({ field: `rows[${row.index}].categoryId`, message: `row ${row.index} (line ${row.line}) needs a category` });
        return { row, categoryId };
      });
      if (errors.length) throw AppError.badRequest('VALIDATION_FAILED', `${errors.length} row(s) cannot be imported`, errors);
      await this.categories.assertAllInGroup(
        user,
        values.map((value) => value.categoryId!),
      );

      const existing = await this.transactions.findByImportRefs(
        accountId,
        chosen.map((row) => row.importRef),
      );
      const fresh = values.filter(({ row }) => !existing.has(row.importRef));
      const payees = new Map((dto.payees ?? []).map((p, i) => [p.payee, { shared: p.shared, field: `payees[${i}].shared` }]));
      const splits = await this.splitsOf(
        user,
        fresh.map(({ row }) => {
          const choice = choices.get(row.index);
          if (choice?.split !== undefined) return { row, split: choice.split };
          if (choice?.shared !== undefined) return { row, shared: choice.shared, field: `rows[${row.index}].shared` };
          const payee = payees.get(payeeOf(row));
          if (payee) return { row, ...payee };
          if (dto.shared !== undefined) return { row, shared: dto.shared, field: 'shared' };
          return { row, shared: account.shared };
        }),
      );
      const created = await this.transactions.createMany(
        fresh.map(({ row, categoryId }, i) => ({
          groupId: user.groupId,
          split: splits[i],
          type: typeOf(row.cents),
          amount: amountOf(row.cents),
          original: row.original ?? null,
          date: row.date,
          description: transactionDescription(row.payee, row.description),
          categoryId: categoryId!,
          budgetAccountId: accountId,
          targetBudgetAccountId: null,
          recurringTransactionId: null,
          occurrenceDate: null,
          importRef: row.importRef,
          createdById: user.userId,
        })),
      );
      return { created, skipped: preview.rows.length - created };
    });
  }

  /**
   * Each new row's split: its own (`split` of its commit row; null: not shared), else the group's
   * default for an Expense the commit or the account shares (`shared`; the account's flag when
   * the commit says nothing), paid by the importing member; an Income is never shared by default.
   * Sharing asked for in the commit (`field`) needs the group's default split (else 400), and an
   * Income row cannot be asked to. Every member named must be one of the group (400
   * UNKNOWN_MEMBER naming the rows' fields).
   */
  private async splitsOf(
    user: AuthUser,
    rows: { row: StoredRow; split?: SplitRequest | null; shared?: boolean; field?: string }[],
  ): Promise<(StoredSplit | null)[]> {
    const wantsDefault = (r: (typeof rows)[number]) => r.split === undefined && r.shared === true && typeOf(r.row.cents) === 'Expense';
    const fallback = rows.some(wantsDefault) ? await this.splitResolver.defaultRequest(user) : null;
    const errors: FieldError[] = [];
    for (const r of rows) {
      if (r.split !== undefined || r.shared !== true || !r.field) continue;
      if (typeOf(r.row.cents) !== 'Expense' && r.field.startsWith('rows[')) {
        errors.push({ field: r.field, message: `row ${r.row.index} is an Income: give it a split to share it` });
      } else if (typeOf(r.row.cents) === 'Expense' && !fallback) {
        errors.push({ field: r.field, message: 'the group does not share new expenses by default: give a split instead' });
      }
    }
    if (errors.length) throw AppError.badRequest('VALIDATION_FAILED', 'Rows cannot be shared as asked', [...new Map(errors.map((e) => [e.field, e])).values()]);
    const named: MemberField[] = [];
    const splits = rows.map((r) => {
      const { row, split } = r;
      const request = split === undefined ? (wantsDefault(r) ? fallback : null) : split;
      if (!request) return null;
      if (split) named.push(...memberFields(split, `rows[${row.index}].split`));
      return this.splitResolver.compute(amountOf(row.cents), request, user.userId, `rows[${row.index}].split`);
    });
    await this.splitResolver.assertMembers(user, named);
    return splits;
  }

  /** Housekeeping: previews older than 24 h. */
  removeExpired(now: Date): Promise<number> {
    return this.imports.removeExpired(now);
  }
}
