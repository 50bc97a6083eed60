/**
 * Every cached query's key, in one registry: the features' hooks, live sync (what a change
 * invalidates), the offline cache (what is kept on the device) and offline search (what it reads)
 * all name keys through it, so a renamed key cannot silently leave live updates or offline use
 * behind. A key is an array whose first parts are a prefix that whole families share (`notes`,
 * `notes/list`…): invalidating or reading a prefix reaches every query under it. No other file
 * writes a key as an array literal (a lint rule in eslint.config.mjs says so).
 */

export const queryKeys = {
  account: {
    all: ['account'] as const,
    /** the account's language alone, kept for the session (the pages' language follows it) */
    locale: ['account-locale'] as const,
    notificationSettings: ['account', 'notification-settings'] as const,
    accessTokens: ['account', 'tokens'] as const,
    oidc: ['account', 'oidc'] as const,
  },
  members: ['members'] as const,
  sessions: ['sessions'] as const,
  welcomeLists: ['welcome', 'shared-lists'] as const,
  history: {
    all: ['history'] as const,
    page: (query: unknown) => ['history', query] as const,
  },
  search: (q: string) => ['search', q] as const,
  /** the group's learned shopping items starting with what is typed (asked as it is typed; not kept) */
  shoppingLearned: (locale: string, q: string) => ['shopping-learned', locale, q] as const,
  auth: {
    resetLink: (token: string) => ['reset-link', token] as const,
    confirmEmail: (token: string) => ['confirm-email', token] as const,
    signInOptions: ['sign-in-options'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    page: (page: number) => ['notifications', 'list', page] as const,
    unread: ['notifications', 'unread'] as const,
  },
  admin: {
    groups: ['admin', 'groups'] as const,
    users: ['admin', 'users'] as const,
    usersPage: (query: unknown) => ['admin', 'users', query] as const,
    backups: ['admin', 'backups'] as const,
  },
  notes: {
    all: ['notes'] as const,
    lists: ['notes', 'list'] as const,
    list: (sort: string) => ['notes', 'list', sort] as const,
    details: ['notes', 'detail'] as const,
    detail: (noteId: string) => ['notes', 'detail', noteId] as const,
    /** the group's shopping stores with their aisle orders */
    stores: ['notes', 'stores'] as const,
    /** the group's recent shopping items, for suggestions (kept on the device) */
    recent: (locale: string) => ['notes', 'recent', locale] as const,
    /** this device's own edits of item texts, kept beside the notes (never fetched) */
    myEdits: ['notes', 'my-edits'] as const,
  },
  map: {
    all: ['map'] as const,
    markers: ['map', 'markers'] as const,
    markersPage: (query: unknown) => ['map', 'markers', query] as const,
    locations: ['map', 'locations'] as const,
    locationsIn: (bbox: unknown) => ['map', 'locations', bbox] as const,
    marker: (markerId: string) => ['map', 'marker', markerId] as const,
    imagesAny: ['map', 'images'] as const,
    images: (markerId: string) => ['map', 'images', markerId] as const,
    geocode: (query: unknown) => ['map', 'geocode', query] as const,
  },
  budget: {
    all: ['budget'] as const,
    categories: ['budget', 'categories'] as const,
    accounts: ['budget', 'accounts'] as const,
    transactions: ['budget', 'transactions'] as const,
    transactionsPage: (filters: unknown) => ['budget', 'transactions', filters] as const,
    transaction: (transactionId: string) => ['budget', 'transaction', transactionId] as const,
    reports: ['budget', 'report'] as const,
    monthly: (year: number, month: number, budgetAccountId?: string) => ['budget', 'report', 'monthly', year, month, budgetAccountId] as const,
    yearly: (year: number, budgetAccountId?: string) => ['budget', 'report', 'yearly', year, budgetAccountId] as const,
    recurringAll: ['budget', 'recurring'] as const,
    recurring: (recurringTransactionId: string) => ['budget', 'recurring', recurringTransactionId] as const,
    splitSettings: ['budget', 'split-settings'] as const,
    balancesAll: ['budget', 'balances'] as const,
    balances: (period: unknown) => ['budget', 'balances', period] as const,
    explain: (party: string, period: unknown, page: number) => ['budget', 'balances', 'explain', party, period, page] as const,
    settlementsAll: ['budget', 'settlements'] as const,
    rate: (currency: string, date: string) => ['budget', 'rates', currency, date] as const,
    settlements: (period: unknown, page: number, pageSize: number) => ['budget', 'settlements', period, page, pageSize] as const,
  },
  calendar: {
    all: ['calendar'] as const,
    /** every range of occurrences (events and the layers) */
    occurrences: ['calendar', 'occurrences'] as const,
    occurrencesIn: (range: unknown) => ['calendar', 'occurrences', range] as const,
    events: ['calendar', 'event'] as const,
    event: (eventId: string) => ['calendar', 'event', eventId] as const,
    feeds: ['calendar', 'feeds'] as const,
    /** the person's zone the calendar's days are in, as last read (kept for offline use) */
    zone: ['calendar', 'zone'] as const,
    /** the group's outside calendars (their list) */
    subscriptions: ['calendar', 'subscriptions'] as const,
  },
} as const;

/** What the offline pages show: kept on the device and in memory for a week (docs/offline.md). */
export const offlineKeys: readonly (readonly string[])[] = [
  queryKeys.notes.all,
  queryKeys.map.markers,
  queryKeys.budget.accounts,
  queryKeys.budget.categories,
  queryKeys.budget.transactions,
  queryKeys.budget.reports,
  queryKeys.budget.recurringAll,
  queryKeys.budget.balancesAll,
  queryKeys.budget.settlementsAll,
  queryKeys.budget.splitSettings,
  // the agenda's next 8 weeks (and any other range seen), the events opened, and the zone their days are in
  queryKeys.calendar.occurrences,
  queryKeys.calendar.events,
  queryKeys.calendar.zone,
];

/** Whether `key` lies under `prefix` (every part of the prefix equal, in order). */
export function under(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, index) => key[index] === part);
}
