/** Budget: queries and mutations. Every change invalidates the whole module: balances and reports follow transactions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schema } from '@/api/client';

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
  const byExtension: Record<string, string> = { csv: 'text/csv', txt: 'text/plain', ofx: 'application/x-ofx', qfx: 'application/x-ofx', xml: 'application/xml', qif: 'application/qif' };
  return byExtension[extension] ?? 'application/octet-stream';
}

export interface StatementUpload {
  budgetAccountId: string;
  file: File;
  dateFormat?: StatementPreview['dateFormat'];
  mapping?: Partial<ColumnMapping>;
}

export const budgetKey = ['budget'] as const;

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
  return useQuery({ queryKey: ['budget', 'categories'], queryFn: () => call(api.GET('/api/v1/categories')) });
}

export function useAccounts() {
  return useQuery({ queryKey: ['budget', 'accounts'], queryFn: () => call(api.GET('/api/v1/budget-accounts')) });
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: ['budget', 'transactions', filters],
    queryFn: () => call(api.GET('/api/v1/transactions', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(transactionId: string) {
  return useQuery({
    queryKey: ['budget', 'transaction', transactionId],
    queryFn: () => call(api.GET('/api/v1/transactions/{transactionId}', { params: { path: { transactionId } } })),
  });
}

export function useMonthlyReport(year: number, month: number, budgetAccountId?: string) {
  return useQuery({
    queryKey: ['budget', 'report', 'monthly', year, month, budgetAccountId],
    queryFn: () => call(api.GET('/api/v1/transactions/report/monthly', { params: { query: { year, month, budgetAccountId } } })),
    placeholderData: keepPreviousData,
  });
}

export function useYearlyReport(year: number, budgetAccountId?: string) {
  return useQuery({
    queryKey: ['budget', 'report', 'yearly', year, budgetAccountId],
    queryFn: () => call(api.GET('/api/v1/transactions/report/yearly', { params: { query: { year, budgetAccountId } } })),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringList() {
  return useQuery({ queryKey: ['budget', 'recurring'], queryFn: () => call(api.GET('/api/v1/recurring-transactions')) });
}

export function useRecurring(recurringTransactionId: string) {
  return useQuery({
    queryKey: ['budget', 'recurring', recurringTransactionId],
    queryFn: () => call(api.GET('/api/v1/recurring-transactions/{recurringTransactionId}', { params: { path: { recurringTransactionId } } })),
  });
}

/** A mutation that refreshes everything the budget pages show once it succeeds. */
export function useBudgetMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: budgetKey }) });
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
