import { useMemo, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { readLines, readQuantity, type ReadQuantity } from '@domain/shopping/quantity';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { ItemIcon, ItemName } from './Tiles';
import { spelledAsCatalog, suggest, type Suggestion } from './suggest';
import { useKnownItems } from './api';
import type { CatalogIndex } from '@domain/shopping/catalog';

/** What the add field hands over: one item, its quantity already read from the text. */
export interface NewShoppingItem {
  text: string;
  quantity: string | null;
  catalogItemId: string | null;
  aisle: string | null;
}

/**
 * The add field of a shopping list: what is typed is matched as it is typed against the group's
 * recent and learned items and the catalogue, so a common item is one tap on its suggestion
 * ("tom" → Tomaten); Enter adds the text as typed, a quantity in it read apart ("2 l Milch");
 * the small second field takes a quantity too. A pasted text of several lines adds one item a line.
 */
export function AddShoppingItem({
  catalog,
  openKeys,
  onAdd,
}: {
  catalog: CatalogIndex;
  openKeys: ReadonlySet<string>;
  onAdd: (items: NewShoppingItem[]) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const known = useKnownItems(typed);
  const suggestions = useMemo(() => suggest(typed, catalog, known, openKeys), [typed, catalog, known, openKeys]);
  const reset = () => {
    setTyped('');
    setQuantity('');
    setError(null);
    input.current?.focus();
  };
  const asTyped = (read: ReadQuantity, ownQuantity: string | null): NewShoppingItem => {
    const entry = catalog.exact(read.text) ?? null;
    const learned = known.find((item) => item.text.localeCompare(read.text, undefined, { sensitivity: 'base' }) === 0);
    return {
      text: spelledAsCatalog(entry ?? undefined, read.text),
      quantity: ownQuantity ?? read.quantity ?? null,
      catalogItemId: entry?.id ?? learned?.catalogItemId ?? null,
      aisle: learned?.aisle ?? entry?.aisle ?? catalog.guess(read.text)?.aisle ?? null,
    };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) {
      setError(t('shopping.add.enterText'));
      input.current?.focus();
      return;
    }
    onAdd([asTyped(readQuantity(typed), quantity.trim() || null)]);
    reset();
  };
  const choose = (suggestion: Suggestion) => {
    onAdd([{ text: suggestion.text, quantity: quantity.trim() || suggestion.quantity, catalogItemId: suggestion.catalogItemId, aisle: suggestion.aisle }]);
    reset();
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = readLines(event.clipboardData.getData('text'));
    if (lines.length < 2) return;
    event.preventDefault();
    onAdd(lines.map((line) => asTyped(line, null)));
    reset();
  };
  return (
    <form onSubmit={submit} noValidate className="shop-add">
      <div className="shop-add-fields">
        <div className={`field shop-add-text${error ? ' field-error' : ''}`}>
          <label htmlFor="shop-add-text">{t('shopping.add.label')}</label>
          {error ? <p className="field-message">{error}</p> : null}
          <input
            id="shop-add-text"
            ref={input}
            value={typed}
            maxLength={1000}
            autoComplete="off"
            enterKeyHint="enter"
            placeholder={t('shopping.add.placeholder')}
            aria-describedby="shop-suggestions-label"
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            onPaste={paste}
          />
        </div>
        <div className="field shop-add-quantity">
          <label htmlFor="shop-add-quantity">{t('shopping.add.quantity')}</label>
          <input id="shop-add-quantity" value={quantity} maxLength={50} autoComplete="off" onChange={(event) => setQuantity(event.target.value)} />
        </div>
        <Button type="submit" className="shop-add-button">
          {t('shopping.add.button')}
        </Button>
      </div>
      <p id="shop-suggestions-label" className="visually-hidden">
        {typed.trim() ? t('shopping.suggestions.matching') : t('shopping.suggestions.recent')}
      </p>
      {suggestions.length ? (
        <ul className="shop-suggestions" aria-label={typed.trim() ? t('shopping.suggestions.matching') : t('shopping.suggestions.recent')}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.key}>
              <button
                type="button"
                className="shop-suggestion"
                onClick={() => choose(suggestion)}
                aria-label={t('shopping.suggestions.add', { item: [suggestion.text, suggestion.quantity].filter(Boolean).join(' ') })}
              >
                <ItemIcon icon={suggestion.icon} text={suggestion.text} size={24} />
                <ItemName text={suggestion.text} quantity={suggestion.quantity} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
