import { useState, type FormEvent } from 'react';
import { AISLES, isAisle, type Aisle } from '@domain/shopping/aisles';
import { useT, type MessageId } from '@/i18n';
import { Button, Dialog, Field, SelectField } from '@/ui';
import { deleteItem, updateItem, type Note, type NoteItem } from '../api';

/**
 * An item opened (a long press on its tile, or "Change" in the list): its name, its quantity and
 * its aisle; moving it to another aisle teaches the group where that thing goes.
 */
export function ItemSheet({ note, item, onClose }: { note: Note; item: NoteItem; onClose: () => void }) {
  const t = useT();
  const [text, setText] = useState(item.text);
  const [quantity, setQuantity] = useState(item.quantity ?? '');
  const [aisle, setAisle] = useState<Aisle>(isAisle(item.aisle) ? item.aisle : 'other');
  const [error, setError] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('shopping.add.enterText'));
      return;
    }
    updateItem(note.id, item, { text: text.trim(), url: item.url, quantity: quantity.trim() || null, aisle });
    onClose();
  };
  return (
    <Dialog open title={item.text} onClose={onClose}>
      <form onSubmit={save} noValidate className="shop-sheet">
        <Field
          label={t('shopping.item.name')}
          id="shop-item-text"
          value={text}
          maxLength={1000}
          error={error ?? undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Field
          label={t('shopping.add.quantity')}
          id="shop-item-quantity"
          value={quantity}
          maxLength={50}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <SelectField
          label={t('shopping.item.aisle')}
          id="shop-item-aisle"
          value={aisle}
          onChange={(event) => isAisle(event.target.value) && setAisle(event.target.value)}
        >
          {AISLES.map((id) => (
            <option key={id} value={id}>
              {t(`shopping.aisle.${id}` as MessageId)}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <Button type="submit">{t('shopping.item.save')}</Button>
          <Button
            variant="danger"
            onClick={() => {
              deleteItem(note.id, item);
              onClose();
            }}
          >
            {t('shopping.item.delete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
