import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n';
import type { Original } from '@domain/currency';
import { useCurrencyForm } from './CurrencyFields';

// DOMPurify needs a DOM: the fields show no rich text
vi.mock('@/ui/RichText', () => ({ RichText: () => null, sanitizeRichText: (html: string) => html }));
vi.mock('@/api/session-context', () => ({ useSession: () => ({ claims: { currency: 'EUR', modules: ['Budget'] } }) }));
vi.mock('../api', () => ({ useRate: () => ({ data: undefined, isError: false }) }));

/** The fields beside an amount of 84 of a transaction paid in francs, and what the form would send. */
function Form({ existing }: { existing: Original }) {
  const form = useCurrencyForm(existing, '2026-11-20');
  return (
    <>
      {form.beside('84')}
      <output>{JSON.stringify(form.body('84'))}</output>
    </>
  );
}

const render = (existing: Original) => renderToStaticMarkup(<Form existing={existing} />).replace(/\u00a0/g, ' ');
const rateValue = (html: string) => /<input[^>]*value="([^"]*)"/.exec(html)?.[1];
const sent = (html: string) => JSON.parse(/<output>(.*)<\/output>/.exec(html)![1].replace(/&quot;/g, '"'));

describe('the exchange rate beside an amount', () => {
  afterAll(() => setLocale('en'));

  it('is shown with the German decimal comma and sent as the API writes it', () => {
    setLocale('de');
    const html = render({ amount: '84.00', currency: 'CHF', rate: '1.0611' });
    expect(rateValue(html)).toBe('1,0611');
    expect(html).toContain('89,13 €');
    expect(sent(html)).toEqual({ amount: '89.13', original: { amount: '84', currency: 'CHF', rate: '1.0611' } });
  });

  it('keeps every decimal of a rate', () => {
    setLocale('de');
    expect(rateValue(render({ amount: '12.99', currency: 'GBP', rate: '1.17082309' }))).toBe('1,17082309');
  });

  it('is shown with a dot in English', () => {
    setLocale('en');
    const html = render({ amount: '84.00', currency: 'CHF', rate: '1.0611' });
    expect(rateValue(html)).toBe('1.0611');
    expect(html).toContain('€89.13');
    expect(sent(html).original.rate).toBe('1.0611');
  });
});
