import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '@/i18n';
import type { NoteItem } from '../api';
import { iconBody, iconBox } from './catalog';

/** A catalogue icon (an SVG of the app's own build), or the item's first letter when it has none. */
export function ItemIcon({ icon, text, size = 40 }: { icon: string | null | undefined; text: string; size?: number }) {
  const body = iconBody(icon);
  if (!body) {
    return (
      <span className="shop-letter" style={{ width: size, height: size }} aria-hidden="true">
        {text.trim().charAt(0).toLocaleUpperCase()}
      </span>
    );
  }
  // the body is a file of the app's build (domain/catalog/icons.json), never anything typed
  return (
    <svg className="shop-icon" width={size} height={size} viewBox={iconBox()} aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: body }} />
  );
}

/** Half a second held down (a long press) opens the item; a shorter tap ticks it. */
const LONG_PRESS_MS = 500;

function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    fired,
    handlers: {
      onPointerDown: () => {
        fired.current = false;
        cancel();
        timer.current = setTimeout(() => {
          fired.current = true;
          onLongPress();
        }, LONG_PRESS_MS);
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onContextMenu: (event: { preventDefault: () => void }) => {
        event.preventDefault();
        cancel();
        fired.current = true;
        onLongPress();
      },
    },
  };
}

export interface TileProps {
  item: NoteItem;
  icon: string | null;
  /** marked for a moment: just added, or the item an add was merged into */
  highlighted: boolean;
  /** added by someone else while this person is shopping */
  isNew: boolean;
  onToggle: () => void;
  onOpen: () => void;
}

/** An item as a tile: its icon, its name, the quantity small below. A tap ticks (or unticks), a long press opens it. */
export function Tile({ item, icon, highlighted, isNew, onToggle, onOpen }: TileProps) {
  const press = useLongPress(onOpen);
  return (
    <button
      type="button"
      id={`item-${item.id}`}
      className={`shop-tile${item.isCompleted ? ' done' : ''}${highlighted ? ' shop-flash' : ''}${isNew ? ' shop-new' : ''}`}
      aria-pressed={item.isCompleted}
      {...press.handlers}
      onClick={() => {
        if (press.fired.current) {
          press.fired.current = false;
          return;
        }
        onToggle();
      }}
    >
      <ItemIcon icon={icon} text={item.text} />
      <ItemName text={item.text} quantity={item.quantity} />
      {isNew ? <NewBadge /> : null}
    </button>
  );
}

/** The name and, small below, the quantity: what the tile shows is what it is called ("Milk 2 l"). */
export function ItemName({ text, quantity }: { text: string; quantity: string | null }) {
  return (
    <>
      <span className="shop-tile-name" data-hyphens="narrow">
        {text}
      </span>
      {quantity ? <span className="shop-tile-quantity">{quantity}</span> : null}
    </>
  );
}

/** "New" on an item someone added while this person is shopping (heard after the name: "Milk 2 l New"). */
function NewBadge() {
  const t = useT();
  return <span className="shop-new-badge">{t('shopping.item.new')}</span>;
}

export function TileGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="shop-tiles" aria-label={label}>
      {children}
    </ul>
  );
}

/** The compact view's row: a checkbox, the icon small, the name, the quantity, and a button that opens the item. */
export function Row({ item, icon, highlighted, isNew, onToggle, onOpen }: TileProps) {
  const t = useT();
  const [checked, setChecked] = useState(item.isCompleted);
  useEffect(() => setChecked(item.isCompleted), [item.isCompleted]);
  return (
    <div className={`row shop-row${item.isCompleted ? ' done' : ''}${highlighted ? ' shop-flash' : ''}${isNew ? ' shop-new' : ''}`}>
      <input
        type="checkbox"
        id={`item-${item.id}`}
        checked={checked}
        onChange={() => {
          setChecked(!checked);
          onToggle();
        }}
      />
      <ItemIcon icon={icon} text={item.text} size={24} />
      <label htmlFor={`item-${item.id}`} className="row-main item-text">
        {item.text}
        {item.quantity ? <span className="shop-row-quantity"> {item.quantity}</span> : null}
        {isNew ? <NewBadge /> : null}
      </label>
      <button type="button" className="btn btn-link" onClick={onOpen} aria-label={t('shopping.item.open', { item: item.text })}>
        {t('shopping.item.change')}
      </button>
    </div>
  );
}
