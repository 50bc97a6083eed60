/**
 * Long words hyphenate in every browser: soft hyphens (U+00AD) placed by the `hyphen` library's
 * patterns for the page's language, so a German compound ("Haushaltsversicherungsbeitrag") breaks
 * at a syllable with a hyphen where a browser without hyphenation dictionaries (headless Chromium,
 * many Linux desktops) would overflow or break it anywhere. The CSS says `hyphens: manual`: a word
 * breaks only at these soft hyphens. The patterns (German ~150 KB gzipped) load when the language
 * is first shown, not with the app.
 */
type Hyphenator = (text: string, options?: { minWordLength?: number }) => string;

/**
 * Words shorter than this are left as they are: they fit the narrowest box of a 360 px screen (a
 * tab, a card beside its buttons), and their text stays exactly as written for whoever reads the
 * page by its words (search in the page, assistive and test tools that match text).
 */
const MIN_WORD = 15;
/**
 * Inside a box about ten letters wide (a shopping list's tile, `data-hyphens="narrow"`), words from
 * this length on: "Spülmittel" broke as "Spülmitt|el" there, without a hyphen.
 */
const MIN_WORD_NARROW = 8;
const NARROW = '[data-hyphens="narrow"]';
/** Elements whose text is not wrapped, or must stay exactly as typed, are skipped. */
const SKIP = 'script, style, textarea, input, select, option, code, pre, kbd, .mono, .money, [contenteditable], [data-no-hyphens]';
const longWordOf = (min: number) => new RegExp(`[\\p{L}\\p{M}]{${min},}`, 'gu');
const LONG_WORDS = new Map([MIN_WORD, MIN_WORD_NARROW].map((min) => [min, longWordOf(min)]));

const patterns: Record<string, () => Promise<{ hyphenateSync: Hyphenator }>> = {
  de: () => import('hyphen/de'),
  en: () => import('hyphen/en'),
};

/** Loaded hyphenators by language, and the words already hyphenated (a word costs a pattern walk once). */
const loaded = new Map<string, Hyphenator>();
const cache = new Map<string, string>();

/** The language's hyphenator, loading its patterns the first time (`undefined` for a language without patterns). */
export async function hyphenatorFor(locale: string): Promise<Hyphenator | undefined> {
  const base = locale.toLowerCase().split('-')[0];
  const found = loaded.get(base);
  if (found) return found;
  const load = patterns[base];
  if (!load) return undefined;
  const { hyphenateSync } = await load();
  loaded.set(base, hyphenateSync);
  return hyphenateSync;
}

/** `text` with soft hyphens in its long words (words of fewer than `min` letters, and words already hyphenated, stay). */
export function hyphenateWith(hyphenate: Hyphenator, locale: string, text: string, min: number = MIN_WORD): string {
  const longWord = LONG_WORDS.get(min) ?? longWordOf(min);
  if (text.search(longWord) === -1) return text;
  return text.replace(longWord, (word) => {
    const key = `${locale}:${min}:${word}`;
    let done = cache.get(key);
    if (done === undefined) {
      done = hyphenate(word, { minWordLength: min });
      if (cache.size > 5000) cache.clear();
      cache.set(key, done);
    }
    return done;
  });
}

function hyphenateNode(node: Node, hyphenate: Hyphenator, locale: string): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIP)) return;
    const text = node.nodeValue ?? '';
    const next = hyphenateWith(hyphenate, locale, text, parent.closest(NARROW) ? MIN_WORD_NARROW : MIN_WORD);
    if (next !== text) node.nodeValue = next;
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE || (node as Element).matches(SKIP)) return;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) hyphenateNode(text, hyphenate, locale);
}

/**
 * Keeps the text under `root` hyphenated in the language of `<html lang>`: what is there now, what
 * React adds or changes later, and again when the language changes. Returns a function that stops.
 */
export function keepHyphenated(root: HTMLElement = document.body): () => void {
  let current: { locale: string; hyphenate: Hyphenator } | undefined;
  const content = new MutationObserver((records) => {
    if (!current) return;
    for (const record of records) {
      if (record.type === 'characterData') hyphenateNode(record.target, current.hyphenate, current.locale);
      else record.addedNodes.forEach((node) => hyphenateNode(node, current!.hyphenate, current!.locale));
    }
    // our own changes come back as records: taken now, they are not handled again
    content.takeRecords();
  });
  const start = async () => {
    const locale = document.documentElement.lang || 'en';
    const hyphenate = await hyphenatorFor(locale).catch(() => undefined);
    if (locale !== (document.documentElement.lang || 'en')) return; // changed again meanwhile
    current = hyphenate ? { locale, hyphenate } : undefined;
    if (current) hyphenateNode(root, current.hyphenate, current.locale);
    content.takeRecords();
    // which language the page's text is hyphenated in (read by the browser tests before they measure)
    if (current) document.documentElement.dataset.hyphenated = locale;
    else delete document.documentElement.dataset.hyphenated;
  };
  content.observe(root, { subtree: true, childList: true, characterData: true });
  const language = new MutationObserver(() => void start());
  language.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  // after the first paint: the page shows (words wrapping at spaces) while the patterns load
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void start(), { timeout: 1000 });
  else setTimeout(() => void start(), 0);
  return () => {
    content.disconnect();
    language.disconnect();
  };
}
