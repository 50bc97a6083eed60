import { supportedLocales, translate, type MessageId } from './messages';

describe('translate', () => {
  it('reads every language file there is', () => {
    expect(supportedLocales()).toEqual(expect.arrayContaining(['de', 'en']));
  });

  it('formats in the recipient language and falls back to English for an unknown one', () => {
    expect(translate('de', 'common.save')).toBe('Speichern');
    expect(translate('en', 'common.save')).toBe('Save');
    expect(translate('fr', 'common.save')).toBe('Save');
    expect(translate(null, 'common.cancel')).toBe('Cancel');
  });

  it('refuses a key no file has', () => {
    expect(() => translate('en', 'no.such.key' as MessageId)).toThrow(/no message 'no.such.key'/);
  });
});
