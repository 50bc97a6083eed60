import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n';
import SearchResults from './SearchResults';

const hits = {
  items: [{ type: 'Transaction', id: 't1', title: 'Drogerie', snippet: '<mark>Drogerie</mark>', date: '2026-05-01', amount: '49.90', score: 1 }],
  page: 1,
  pageSize: 40,
  totalItems: 1,
  totalPages: 1,
  totalItemsExact: true,
};

vi.mock('@/api/session-context', () => ({ useSession: () => ({ claims: { currency: 'EUR', modules: ['Budget'] } }) }));
vi.mock('./api', () => ({
  useServerSearch: () => ({ data: hits, isSuccess: true, isPending: false, isError: false, isFetching: false }),
  useOfflineSearch: () => [],
}));

const render = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SearchResults id="results" q="drogerie" online onOpen={() => undefined} />
    </MemoryRouter>,
  );

describe('SearchResults', () => {
  afterAll(() => setLocale('en'));

  it("writes a transaction's amount in the reader's language and the group's currency", () => {
    setLocale('de');
    const html = render().replace(/\u00a0/g, ' ');
    expect(html).toContain('<span class="search-hit-amount">49,90 €</span>');
    expect(html).not.toContain('49.90');
    setLocale('en');
    expect(render()).toContain('<span class="search-hit-amount">€49.90</span>');
  });
});
