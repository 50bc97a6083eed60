import { useState, type FormEvent } from 'react';
import { ShoppingCart } from 'lucide-react';
import { isAisle, type Aisle } from '@domain/shopping/aisles';
import { completeOrder } from '@domain/shopping/grouping';
import { useSession } from '@/api/session-context';
import { describeProblem } from '@/api/problem';
import { useT, type MessageId } from '@/i18n';
import { Button, Dialog, Field, Notice } from '@/ui';
import { DragHandle, SortableList } from '@/ui/SortableList';
import type { Note } from '../api';
import { useCreateStore, useDeleteStore, useEndTrip, useStartTrip, useStores, useUpdateStore, type ShoppingStore } from './api';

const storeKey = (noteId: string) => `hearth.shopping.store.${noteId}`;

function keptStore(noteId: string): string | null {
  try {
    return localStorage.getItem(storeKey(noteId));
  } catch {
    return null;
  }
}

function keepStore(noteId: string, storeId: string | null): void {
  try {
    if (storeId) localStorage.setItem(storeKey(noteId), storeId);
    else localStorage.removeItem(storeKey(noteId));
  } catch {
    // kept until the page closes
  }
}

/**
 * The store the list is shown for: the trip's while someone is shopping, else the one last chosen
 * for this list on this device; its aisle order (the default order without one).
 */
export function useChosenStore(note: Note): { store: ShoppingStore | null; order: string[] } {
  const stores = useStores().data ?? [];
  const storeId = note.trip ? note.trip.storeId : keptStore(note.id);
  const store = stores.find((candidate) => candidate.id === storeId) ?? null;
  return { store, order: completeOrder(store?.aisleOrder) };
}

/**
 * "Going shopping" and, while a trip is on, who is shopping where: the shopper ends it when done;
 * everyone else is told that what they add now reaches the shopper at once.
 */
export function TripBar({ note, store }: { note: Note; store: ShoppingStore | null }) {
  const t = useT();
  const { claims } = useSession();
  const [choosing, setChoosing] = useState(false);
  const end = useEndTrip(note.id);
  const trip = note.trip;
  if (!trip) {
    return (
      <div className="shop-trip">
        <Button variant="secondary" onClick={() => setChoosing(true)}>
          <ShoppingCart size={18} aria-hidden="true" /> {t('shopping.trip.start')}
        </Button>
        {store ? <span className="muted">{t('shopping.store.shownFor', { store: store.name })}</span> : null}
        {choosing ? <GoingShopping note={note} onClose={() => setChoosing(false)} /> : null}
      </div>
    );
  }
  const mine = trip.shopperId === claims?.userId;
  const where = trip.storeName ?? null;
  return (
    <div className="shop-trip shop-trip-on" role="status">
      <p>
        <ShoppingCart size={18} aria-hidden="true" />{' '}
        {mine
          ? where
            ? t('shopping.trip.youAt', { store: where })
            : t('shopping.trip.you')
          : where
            ? t('shopping.trip.otherAt', { name: trip.shopperNickname, store: where })
            : t('shopping.trip.other', { name: trip.shopperNickname })}
      </p>
      {mine ? (
        <Button variant="secondary" busy={end.isPending} onClick={() => end.mutate()}>
          {t('shopping.trip.end')}
        </Button>
      ) : null}
      {end.error ? <Notice tone="warning">{describeProblem(end.error)}</Notice> : null}
    </div>
  );
}

/** Choosing the store (or none) and starting the trip; the stores are managed here too. */
function GoingShopping({ note, onClose }: { note: Note; onClose: () => void }) {
  const t = useT();
  const stores = useStores();
  const start = useStartTrip(note.id);
  const [storeId, setStoreId] = useState<string | null>(keptStore(note.id));
  const [editing, setEditing] = useState<ShoppingStore | null>(null);
  const go = () => {
    keepStore(note.id, storeId);
    start.mutate(storeId, { onSuccess: onClose });
  };
  return (
    <Dialog open title={t('shopping.trip.start')} onClose={onClose}>
      {editing ? (
        <StoreEditor store={editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="shop-stores">
          <fieldset>
            <legend>{t('shopping.store.which')}</legend>
            <label className="radio">
              <input type="radio" name="store" checked={storeId === null} onChange={() => setStoreId(null)} /> {t('shopping.store.none')}
            </label>
            {(stores.data ?? []).map((store) => (
              <div key={store.id} className="shop-store-row">
                <label className="radio">
                  <input type="radio" name="store" checked={storeId === store.id} onChange={() => setStoreId(store.id)} /> {store.name}
                </label>
                <Button variant="link" onClick={() => setEditing(store)} aria-label={t('shopping.store.editNamed', { store: store.name })}>
                  {t('shopping.store.edit')}
                </Button>
              </div>
            ))}
          </fieldset>
          <NewStore onCreated={(store) => setStoreId(store.id)} />
          {start.error ? <Notice tone="warning">{describeProblem(start.error)}</Notice> : null}
          <div className="actions">
            <Button busy={start.isPending} onClick={go}>
              {t('shopping.trip.go')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function NewStore({ onCreated }: { onCreated: (store: ShoppingStore) => void }) {
  const t = useT();
  const create = useCreateStore();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (store) => {
        setName('');
        onCreated(store);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="shop-new-store">
      <Field label={t('shopping.store.new')} id="shop-new-store" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      <Button type="submit" variant="secondary" busy={create.isPending}>
        {t('shopping.store.add')}
      </Button>
      {create.error ? <Notice tone="warning">{describeProblem(create.error)}</Notice> : null}
    </form>
  );
}

/** A store's name and its aisles in the shop's order, dragged (or moved by keyboard) into place. */
function StoreEditor({ store, onDone }: { store: ShoppingStore; onDone: () => void }) {
  const t = useT();
  const update = useUpdateStore();
  const remove = useDeleteStore();
  const [name, setName] = useState(store.name);
  const [order, setOrder] = useState<Aisle[]>(completeOrder(store.aisleOrder));
  const label = (aisle: string) => t(`shopping.aisle.${aisle}` as MessageId);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    update.mutate({ store, name: name.trim(), aisleOrder: order }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={save} noValidate className="shop-store-editor">
      <Field label={t('shopping.store.name')} id="shop-store-name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      <p className="field-hint">{t('shopping.store.orderHint')}</p>
      <SortableList
        label={t('shopping.store.order')}
        items={order}
        getId={(aisle) => aisle}
        getLabel={label}
        onReorder={(ids) => setOrder(ids.filter(isAisle))}
        renderItem={(aisle, { handle }) => (
          <div className="row shop-aisle-row">
            <DragHandle handle={handle} label={t('shopping.store.moveAisle', { aisle: label(aisle) })} />
            <span className="row-main">{label(aisle)}</span>
          </div>
        )}
      />
      {update.error ? <Notice tone="warning">{describeProblem(update.error)}</Notice> : null}
      <div className="actions">
        <Button type="submit" busy={update.isPending}>
          {t('shopping.store.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(store.id, { onSuccess: onDone })}>
          {t('shopping.store.delete')}
        </Button>
      </div>
    </form>
  );
}
