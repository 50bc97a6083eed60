import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@/i18n';
import { Pager } from './Pager';

const render = (props: Partial<Parameters<typeof Pager>[0]>) =>
  renderToStaticMarkup(
    <I18nProvider>
      <Pager page={1} totalPages={1} totalItems={1} onPage={() => undefined} {...props} />
    </I18nProvider>,
  );

describe('Pager', () => {
  it('prints an exact count and closes Next on the last page', () => {
    const html = render({ page: 3, totalPages: 3, totalItems: 55 });
    expect(html).toContain('Page 3 of 3 <span class="muted">(55 items)</span>');
    expect(html.match(/<button[^>]*disabled=""[^>]*>Next/)).not.toBeNull();
  });

  it('prints a capped count as a lower bound and leaves Next open past it', () => {
    const html = render({ page: 50, totalPages: 50, totalItems: 1000, exact: false });
    expect(html).toContain('Page 50 of 50+ <span class="muted">(1,000+ items)</span>');
    expect(html.match(/<button[^>]*disabled=""[^>]*>Next/)).toBeNull();
  });
});
