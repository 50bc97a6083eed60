import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n';
import type { Recurring } from '../api';
import RecurringList from './RecurringList';

const rule = (overrides: Partial<Recurring>): Recurring => ({
  id: 'r1',
  type: 'Expense',
  amount: '89.12',
  description: 'Parking in Basel',
  categoryId: 'c1',
  budgetAccountId: 'a1',
  targetBudgetAccountId: null,
  frequency: 'Monthly',
  interval: 1,
  startDate: '2026-11-01',
  endDate: null,
  nextOccurrence: '2026-12-01',
  isEnabled: true,
  remindDaysBefore: null,
  createdDate: '2026-11-01T08:00:00.000Z',
  split: null,
  original: null,
  ...overrides,
});
const rules = [rule({ original: { amount: '84.00', currency: 'CHF', rate: '1.061' } }), rule({ id: 'r2', amount: '950.00', description: 'Rent' })];

// DOMPurify needs a DOM: the list shows no rich text
vi.mock('@/ui/RichText', () => ({ RichText: () => null, sanitizeRichText: (html: string) => html }));
vi.mock('@/api/session-context', () => ({ useSession: () => ({ claims: { currency: 'EUR', modules: ['Budget'] } }) }));
vi.mock('@/api/members', () => ({ useGroupMembers: () => ({ data: [] }) }));
vi.mock('../api', () => {
  const loaded = (data: unknown) => ({ data, isPending: false, isError: false, isFetching: false, isSuccess: true });
  return {
    useRecurringList: () => loaded(rules),
    useCategories: () => loaded([]),
    useAccounts: () => loaded([]),
    useBudgetMutation: () => ({ isPending: false, mutate: () => undefined }),
    budgetApi: {},
  };
});

const card = (html: string, title: string) => html.slice(html.indexOf(`aria-label="${title}"`)).split('</li>')[0];
const render = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RecurringList />
    </MemoryRouter>,
  ).replace(/\u00a0/g, ' ');

describe('RecurringList', () => {
  afterAll(() => setLocale('en'));

  it('shows what a rule paid in another currency costs, and what that is in the group’s currency', () => {
    expect(card(render(), 'Parking in Basel')).toContain('CHF 84.00 (€89.12)');
    // one in the group's currency shows its amount alone
    expect(card(render(), 'Rent')).toContain('Expense: </span>€950.00</strong>');
    setLocale('de');
    expect(card(render(), 'Parking in Basel')).toContain('84,00 CHF (89,12 €)');
  });
});
