/** Budget: queries and mutations. Every change invalidates the whole module: balances and reports follow transactions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type Category = Schema<'CategoryDto'>;
export type Account = Schema<'BudgetAccountDto'>;
export type Transaction = Schema<'TransactionDto'>;
export type TransactionInput = Schema<'SaveTransactionDto'>;
export type Recurring = Schema<'RecurringTransactionDto'>;
export type RecurringInput = Schema<'SaveRecurringTransactionDto'>;
export type MonthlyReport = Schema<'MonthlyReportDto'>;
export type YearlyReport = Schema<'YearlyReportDto'>;
export type TransactionType = Transaction['type'];
export type StatementPreview = Schema<'StatementImportDto'>;
export type StatementRow = Schema<'ImportRowDto'>;
export type ImportChoice = Schema<'CommitRowDto'>;
export type ColumnMapping = Schema<'ImportMappingDto'>;

/** The content type a statement file is sent as, from its name (browsers know few of these types). */
export function statementContentType(file: File): string {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const byExtension: Record<string, string> = {
    csv: 'text/csv',
    txt: 'text/plain',
    ofx: 'application/x-ofx',
    qfx: 'application/x-ofx',
    xml: 'application/xml',
    qif: 'application/qif',
  };
  return byExtension[extension] ?? 'application/octet-stream';
}

export interface StatementUpload {
  budgetAccountId: string;
  file: File;
  dateFormat?: StatementPreview['dateFormat'];
  mapping?: Partial<ColumnMapping>;
}

export const budgetKey = queryKeys.budget.all;

export interface TransactionFilters {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
  type?: TransactionType;
  categoryId?: string;
  budgetAccountId?: string;
  search?: string;
  sort?: 'date' | '-date' | 'amount' | '-amount';
}

export function useCategories() {
  return useQuery({ queryKey: queryKeys.budget.categories, queryFn: () => call(api.GET('/api/v1/categories')) });
}

export function useAccounts() {
  return useQuery({ queryKey: queryKeys.budget.accounts, queryFn: () => call(api.GET('/api/v1/budget-accounts')) });
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: queryKeys.budget.transactionsPage(filters),
    queryFn: () => call(api.GET('/api/v1/transactions', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(transactionId: string) {
  return useQuery({
    queryKey: queryKeys.budget.transaction(transactionId),
    queryFn: () => call(api.GET('/api/v1/transactions/{transactionId}', { params: { path: { transactionId } } })),
  });
}

export function useMonthlyReport(year: number, month: number, budgetAccountId?: string) {
  return useQuery({
    queryKey: queryKeys.budget.monthly(year, month, budgetAccountId),
    queryFn: () => call(api.GET('/api/v1/transactions/report/monthly', { params: { query: { year, month, budgetAccountId } } })),
    placeholderData: keepPreviousData,
  });
}

export function useYearlyReport(year: number, budgetAccountId?: string) {
  return useQuery({
    queryKey: queryKeys.budget.yearly(year, budgetAccountId),
    queryFn: () => call(api.GET('/api/v1/transactions/report/yearly', { params: { query: { year, budgetAccountId } } })),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringList() {
  return useQuery({ queryKey: queryKeys.budget.recurringAll, queryFn: () => call(api.GET('/api/v1/recurring-transactions')) });
}

export function useRecurring(recurringTransactionId: string) {
  return useQuery({
    queryKey: queryKeys.budget.recurring(recurringTransactionId),
    queryFn: () => call(api.GET('/api/v1/recurring-transactions/{recurringTransactionId}', { params: { path: { recurringTransactionId } } })),
  });
}

/** A mutation that refreshes everything the budget pages show once it succeeds. */
export function useBudgetMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: budgetKey }) });
}

/** The rate of another currency in the group's on a day (GET /budget/rates); off until a foreign currency is chosen. */
export function useRate(currency: string | null, date: string) {
  return useQuery({
    queryKey: queryKeys.budget.rate(currency ?? '', date),
    queryFn: () => call(api.GET('/api/v1/budget/rates', { params: { query: { currency: currency!, date } } })),
    enabled: currency !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
    retry: false,
    staleTime: 60 * 60 * 1000,
  });
}

export const budgetApi = {
  createCategory: (body: Schema<'SaveCategoryDto'>) => call(api.POST('/api/v1/categories', { body })),
  updateCategory: ({ id, body }: { id: string; body: Schema<'SaveCategoryDto'> }) =>
    call(api.PUT('/api/v1/categories/{categoryId}', { params: { path: { categoryId: id } }, body })),
  deleteCategory: (id: string) => call(api.DELETE('/api/v1/categories/{categoryId}', { params: { path: { categoryId: id } } })),
  reorderCategories: (categoryIds: string[]) => call(api.PATCH('/api/v1/categories/order', { body: { categoryIds } })),
  createAccount: (body: Schema<'CreateBudgetAccountDto'>) => call(api.POST('/api/v1/budget-accounts', { body })),
  updateAccount: ({ id, body }: { id: string; body: Schema<'UpdateBudgetAccountDto'> }) =>
    call(api.PUT('/api/v1/budget-accounts/{budgetAccountId}', { params: { path: { budgetAccountId: id } }, body })),
  deleteAccount: (id: string) => call(api.DELETE('/api/v1/budget-accounts/{budgetAccountId}', { params: { path: { budgetAccountId: id } } })),
  makeDefault: (id: string) => call(api.PATCH('/api/v1/budget-accounts/{budgetAccountId}/default', { params: { path: { budgetAccountId: id } } })),
  createTransaction: (body: TransactionInput) => call(api.POST('/api/v1/transactions', { body })),
  updateTransaction: ({ id, body }: { id: string; body: TransactionInput }) =>
    call(api.PUT('/api/v1/transactions/{transactionId}', { params: { path: { transactionId: id } }, body })),
  deleteTransaction: (id: string) => call(api.DELETE('/api/v1/transactions/{transactionId}', { params: { path: { transactionId: id } } })),
  createRecurring: (body: RecurringInput) => call(api.POST('/api/v1/recurring-transactions', { body })),
  updateRecurring: ({ id, body }: { id: string; body: RecurringInput }) =>
    call(api.PUT('/api/v1/recurring-transactions/{recurringTransactionId}', { params: { path: { recurringTransactionId: id } }, body })),
  deleteRecurring: (id: string) =>
    call(api.DELETE('/api/v1/recurring-transactions/{recurringTransactionId}', { params: { path: { recurringTransactionId: id } } })),
  /** The file is sent as the raw body, its bytes untouched (the server detects the encoding). */
  previewStatement: ({ budgetAccountId, file, dateFormat, mapping }: StatementUpload) =>
    call(
      api.POST('/api/v1/budget-accounts/{budgetAccountId}/imports', {
        params: { path: { budgetAccountId }, query: { dateFormat, mapping: mapping ? JSON.stringify(mapping) : undefined } },
        body: file as unknown as string,
        bodySerializer: (body: unknown) => body as BodyInit,
        headers: { 'content-type': statementContentType(file) },
      }),
    ),
  commitStatement: ({ importId, rows }: { importId: string; rows: ImportChoice[] }) =>
    call(api.POST('/api/v1/imports/{importId}/commit', { params: { path: { importId } }, body: { rows } })),
  toggleRecurring: (id: string) =>
    call(api.PATCH('/api/v1/recurring-transactions/{recurringTransactionId}/toggle', { params: { path: { recurringTransactionId: id } } })),
};

// ---- sharing costs: who paid, who owes whom, and payments between members ----------------------

export type SplitInput = Schema<'SplitInputDto'>;
export type StoredSplit = Schema<'SplitDto'>;
export type SplitSettings = Schema<'SplitSettingsDto'>;
export type SplitSettingsInput = Schema<'SaveSplitSettingsDto'>;
export type Balances = Schema<'BalancesDto'>;
export type BalanceParty = Schema<'BalancePartyDto'>;
export type BalanceEffect = Schema<'BalanceEffectDto'>;
export type Settlement = Schema<'SettlementDto'>;
export type SettlementInput = Schema<'CreateSettlementDto'>;

/** A period of the balances (inclusive dates; omitted: all time). */
export interface Period {
  from?: string;
  to?: string;
}

export function useSplitSettings() {
  return useQuery({ queryKey: queryKeys.budget.splitSettings, queryFn: () => call(api.GET('/api/v1/budget/split-settings')) });
}

/** The balances of a period; with `currency`, also in that currency (the nets, each suggestion's payment, the rate). */
export function useBalances(period: Period, currency?: string) {
  const query = currency ? { ...period, currency } : period;
  return useQuery({
    queryKey: queryKeys.budget.balances(query),
    queryFn: () => call(api.GET('/api/v1/budget/balances', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useBalanceExplanation(party: string, period: Period, page: number) {
  return useQuery({
    queryKey: queryKeys.budget.explain(party, period, page),
    queryFn: () => call(api.GET('/api/v1/budget/balances/explain', { params: { query: { party, ...period, page, pageSize: 20 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useSettlements(period: Period, page: number, pageSize = 20) {
  return useQuery({
    queryKey: queryKeys.budget.settlements(period, page, pageSize),
    queryFn: () => call(api.GET('/api/v1/budget/settlements', { params: { query: { ...period, page, pageSize } } })),
    placeholderData: keepPreviousData,
  });
}

export const sharingApi = {
  saveSplitSettings: (body: SplitSettingsInput) => call(api.PUT('/api/v1/budget/split-settings', { body })),
  /** A client-made id makes a retry after a lost answer record the payment once. */
  recordSettlement: (body: SettlementInput) => call(api.POST('/api/v1/budget/settlements', { body: { id: crypto.randomUUID(), ...body } })),
  deleteSettlement: (id: string) => call(api.DELETE('/api/v1/budget/settlements/{settlementId}', { params: { path: { settlementId: id } } })),
};
