import { describe, expect, it } from 'vitest';
import { loaders } from 'virtual:hearth-messages';
import { activate, needMessages, translate } from './I18nProvider';
import { english, loadMessages } from './locales';

describe("a lazily loaded feature's messages", () => {
  it('are not part of the English bundled with the first load', () => {
    expect(Object.keys(english).some((key) => key.startsWith('shopping.'))).toBe(false);
    expect(Object.keys(english).length).toBeGreaterThan(100);
    expect(Object.keys(loaders).sort()).toEqual(['de', 'en']);
  });

  it('load when the feature asks for them, and come along with every language loaded afterwards', async () => {
    activate('en', english);
    await needMessages('shopping');
    expect(translate('shopping.title')).toBe('Shopping list');
    activate('de', await loadMessages('de'));
    expect(translate('shopping.title')).toBe('Einkaufsliste');
    expect(translate('shopping.suggestions.add', { item: 'Milch 2 l' })).toBe('Milch 2 l hinzufügen');
  });
});
