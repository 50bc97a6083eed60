import { amountOf } from '../budget/transactions-search';
import { escapeHtml, markedSnippet, snippetOf, wordMatches } from './snippet';
import { queryWords, stemPrefix, typoSimilarity } from './terms';

describe('the words of a query', () => {
  it('splits on anything but letters and digits, keeps amounts whole, drops repeats', () => {
    expect(queryWords('  Milch, Brot & milch!')).toEqual(['Milch', 'Brot']);
    expect(queryWords('REWE 42,50 1.250,00')).toEqual(['REWE', '42,50', '1.250,00']);
    expect(queryWords('Crème-fraîche')).toEqual(['Crème', 'fraîche']);
    expect(queryWords('!!!')).toEqual([]);
  });

  it('reads an amount as people type it', () => {
    expect(['42.50', '42,50', '42', '42,5', '1.250,00', '1,250.00', '1250'].map(amountOf)).toEqual([
      '42.50',
      '42.50',
      '42.00',
      '42.50',
      '1250.00',
      '1250.00',
      '1250.00',
    ]);
    // three digits after the point are thousands, as in German
    expect(amountOf('42.505')).toBe('42505.00');
    expect(['42.5055', 'abc', '1.2.3', '12345678901'].map(amountOf)).toEqual([null, null, null, null]);
  });

  it('narrows by what a word shares with its stems: three letters or more, else not at all', () => {
    expect(stemPrefix('einkaufe', "'einkauf' | 'einkauf'")).toBe('einkauf');
    expect(stemPrefix('happiness', "'happiness' | 'happi'")).toBe('happi');
    expect(stemPrefix('running', "'running' | 'run'")).toBe('run');
    expect(stemPrefix('zahnarzt', "'zahnarzt'")).toBe('zahnarzt');
    expect(stemPrefix('ages', "'ag' | 'age'")).toBe(null);
    // a word the configurations split into several lexemes is not narrowed this way
    expect(stemPrefix('dm', "'dm-drogeri' & 'dm'")).toBe(null);
  });

  it('asks a longer word with a typo to keep more of itself', () => {
    expect([5, 6, 7, 10, 13].map(typoSimilarity)).toEqual([0.4, 0.4, 0.4, 0.5, 0.57]);
  });
});

describe('snippets', () => {
  it('marks whole words, stems, parts and typos of the query', () => {
    expect(wordMatches('vollmilch', 'milc')).toBe(true);
    expect(wordMatches('einkauf', 'einkaufe')).toBe(true);
    expect(wordMatches('coffee', 'cofee')).toBe(true);
    expect(wordMatches('coffee', 'tea')).toBe(false);
    expect(wordMatches('to', 'do')).toBe(false);
  });

  it('escapes everything but the marks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(markedSnippet('Eine <b>Crème</b> & mehr', ['creme'])).toBe('Eine &lt;b&gt;<mark>Crème</mark>&lt;/b&gt; &amp; mehr');
  });

  it('cuts a long text around the first match', () => {
    const text = `${'lorem '.repeat(20)}the Schokolade here ${'ipsum '.repeat(40)}`;
    const snippet = markedSnippet(text, ['schokolade'])!;
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<mark>Schokolade</mark> here');
    expect(snippet.length).toBeLessThanOrEqual(190);
  });

  it('falls back to the title, escaped, when no word is in the text', () => {
    expect(snippetOf('Milch & Honig', 'nothing here', ['milch'])).toBe('<mark>Milch</mark> &amp; Honig');
    expect(snippetOf('A <b> title', null, ['zzz'])).toBe('A &lt;b&gt; title');
  });
});
