import type { CSSProperties, ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useT } from '@/i18n';

export interface HandleProps {
  /** spread onto the drag handle button: pointer drag, and Space/Enter then arrows by keyboard */
  handle: {
    ref: (element: HTMLElement | null) => void;
    attributes: Record<string, unknown>;
    listeners: Record<string, unknown> | undefined;
  };
  isDragging: boolean;
}

interface SortableListProps<Item> {
  items: Item[];
  getId: (item: Item) => string;
  /** what a screen reader calls an item ("Milk", "image 2") */
  getLabel: (item: Item) => string;
  /** called with the new order of ids after a drop that moved something */
  onReorder: (ids: string[]) => void;
  renderItem: (item: Item, handle: HandleProps) => ReactNode;
  layout?: 'list' | 'grid';
  className?: string;
  label: string;
}

/**
 * A list people reorder by dragging a handle (mouse or touch) or by keyboard: focus the handle,
 * Space to pick up, arrows to move, Space to drop, Escape to cancel. Moves are announced.
 */
export function SortableList<Item>({ items, getId, getLabel, onReorder, renderItem, layout = 'list', className, label }: SortableListProps<Item>) {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const nameOf = (id: string | number) => {
    const item = items.find((candidate) => getId(candidate) === String(id));
    return item ? getLabel(item) : t('sortable.item');
  };
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('sortable.pickedUp', { name: nameOf(active.id), position: position(active.id), count: ids.length }),
    onDragOver: ({ active, over }) => (over ? t('sortable.over', { name: nameOf(active.id), position: position(over.id), count: ids.length }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('sortable.dropped', { name: nameOf(active.id), position: position(over.id), count: ids.length })
        : t('sortable.droppedAway', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('sortable.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul className={`sortable sortable-${layout}${className ? ` ${className}` : ''}`} aria-label={label}>
          {items.map((item) => (
            <SortableRow key={getId(item)} id={getId(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, children }: { id: string; children: (handle: HandleProps) => ReactNode }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t('sortable.roleDescription') },
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined };
  return (
    <li ref={setNodeRef} style={style} className={`sortable-item${isDragging ? ' is-dragging' : ''}`}>
      {children({ handle: { ref: setActivatorNodeRef, attributes: attributes as unknown as Record<string, unknown>, listeners }, isDragging })}
    </li>
  );
}

/** The grip button that starts a move; its accessible name says what it moves. */
export function DragHandle({ handle, label }: { handle: HandleProps['handle']; label: string }) {
  return (
    <button type="button" className="drag-handle" ref={handle.ref} {...handle.attributes} {...handle.listeners} aria-label={label}>
      <GripVertical aria-hidden="true" size={20} />
    </button>
  );
}
