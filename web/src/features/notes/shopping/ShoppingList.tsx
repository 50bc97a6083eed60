import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LayoutGrid, List as ListIcon } from 'lucide-react';
import { groupByAisle } from '@domain/shopping/grouping';
import { itemKey, mergeInto, mergeTarget } from '@domain/shopping/merge';
import { useT, type MessageId } from '@/i18n';
import { Disclosure } from '@/ui/Disclosure';
import { setItemCompleted, type Note, type NoteItem } from '../api';
import { AddShoppingItem, type NewShoppingItem } from './AddShoppingItem';
import { useCatalog } from './catalog';
import { ItemSheet } from './ItemSheet';
import { Row, Tile } from './Tiles';
import { TripBar, useChosenStore } from './Trip';
import { addShoppingItem, useOnMerged } from './api';
import { useSession } from '@/api/session-context';
import './shopping.css';

type View = 'tiles' | 'list';
const VIEW_KEY = 'hearth.shopping.view';

/** Tiles or the compact list: the person's choice, kept on this device. */
function useView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(() => {
    try {
      return localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'tiles';
    } catch {
      return 'tiles';
    }
  });
  const choose = (next: View) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // kept until the page closes
    }
  };
  return [view, choose];
}

/** How long an added or merged item stays marked. */
const FLASH_MS = 2500;

/**
 * A shopping list: the add field with its suggestions, then the open items as tiles (or rows)
 * grouped by aisle in the chosen store's order, then the ticked ones folded away. Every change is
 * queued as on any list (docs/offline.md): it shows at once, offline too.
 */
export default function ShoppingList({ note }: { note: Note }) {
  const t = useT();
  const catalog = useCatalog();
  const [view, setView] = useView();
  const [opened, setOpened] = useState<NoteItem | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const [showChecked, setShowChecked] = useState(false);
  const checkedPanel = useId();
  const { store, order } = useChosenStore(note);
  const { claims } = useSession();
  // what the others add while this person shops is marked new for them
  const shopping = Boolean(note.trip && note.trip.shopperId === claims?.userId);
  const { groups, ticked } = useMemo(() => groupByAisle(note.items, order), [note.items, order]);
  const openKeys = useMemo(() => new Set(note.items.filter((item) => !item.isCompleted).map((item) => itemKey(item.text, item.catalogItemId))), [note.items]);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mark = useCallback((itemId: string) => {
    setFlash(itemId);
    if (flashTimer.current) clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash(null), FLASH_MS);
    // after the page shows it
    requestAnimationFrame(() => document.getElementById(`item-${itemId}`)?.scrollIntoView({ block: 'nearest' }));
  }, []);
  useEffect(() => () => void (flashTimer.current && clearTimeout(flashTimer.current)), []);
  // the server merged an add into an item this device did not know was there (someone else's)
  useOnMerged(note.id, mark);
  const add = (added: NewShoppingItem[]) => {
    let items = note.items;
    let last: string | null = null;
    for (const item of added) {
      const target = mergeTarget(items, itemKey(item.text, item.catalogItemId));
      const into = target ? { itemId: target.item.id, quantity: mergeInto(target.item, item).quantity } : undefined;
      last = addShoppingItem(note.id, item, into);
      if (target && into)
        items = items.map((candidate) => (candidate.id === target.item.id ? { ...candidate, quantity: into.quantity, isCompleted: false } : candidate));
    }
    if (last) mark(last);
  };
  const iconOf = (item: NoteItem) => (item.catalogItemId ? catalog.get(item.catalogItemId)?.icon : catalog.guess(item.text)?.icon) ?? null;
  const render = (item: NoteItem) => {
    const props = {
      item,
      icon: iconOf(item),
      highlighted: flash === item.id,
      isNew: shopping && item.addedDuringTrip && !item.isCompleted,
      onToggle: () => setItemCompleted(note.id, item.id, !item.isCompleted),
      onOpen: () => setOpened(item),
    };
    return <li key={item.id}>{view === 'tiles' ? <Tile {...props} /> : <Row {...props} />}</li>;
  };
  const listClass = view === 'tiles' ? 'shop-tiles' : 'plain-list shop-rows';
  return (
    <section aria-labelledby="shopping-title" className="shopping">
      <div className="shop-head">
        <h2 id="shopping-title">
          {t('shopping.title')}{' '}
          {note.items.length ? (
            <span className="muted">{t('shopping.openOf', { open: note.items.length - ticked.length, total: note.items.length })}</span>
          ) : null}
        </h2>
        <div className="shop-views" role="group" aria-label={t('shopping.view.label')}>
          <button type="button" className="icon-btn" aria-pressed={view === 'tiles'} aria-label={t('shopping.view.tiles')} onClick={() => setView('tiles')}>
            <LayoutGrid size={20} aria-hidden="true" />
          </button>
          <button type="button" className="icon-btn" aria-pressed={view === 'list'} aria-label={t('shopping.view.list')} onClick={() => setView('list')}>
            <ListIcon size={20} aria-hidden="true" />
          </button>
        </div>
      </div>
      <TripBar note={note} store={store} />
      <AddShoppingItem catalog={catalog} openKeys={openKeys} onAdd={add} />
      {note.items.length === 0 ? <p className="muted">{t('shopping.empty')}</p> : null}
      {groups.length === 0 && ticked.length ? <p className="muted">{t('shopping.allTicked')}</p> : null}
      {groups.map((group) => (
        <section key={group.aisle} className="shop-aisle" aria-labelledby={`aisle-${group.aisle}`}>
          <h3 id={`aisle-${group.aisle}`}>{t(`shopping.aisle.${group.aisle}` as MessageId)}</h3>
          <ul className={listClass} aria-label={t(`shopping.aisle.${group.aisle}` as MessageId)}>
            {group.items.map(render)}
          </ul>
        </section>
      ))}
      {ticked.length ? (
        <div className="checked-items">
          <Disclosure open={showChecked} onToggle={() => setShowChecked(!showChecked)} controls={checkedPanel}>
            {t('shopping.checked', { count: ticked.length })}
          </Disclosure>
          {showChecked ? (
            <ul id={checkedPanel} className={listClass} aria-label={t('shopping.checkedItems')}>
              {ticked.map(render)}
            </ul>
          ) : null}
        </div>
      ) : null}
      {opened ? <ItemSheet note={note} item={note.items.find((item) => item.id === opened.id) ?? opened} onClose={() => setOpened(null)} /> : null}
    </section>
  );
}
