import type { ReactNode } from 'react';
import type { DataAttributes } from './admin-table';

interface EditableListProps {
  addLabel: string;
  onAdd: () => void;
  isEmpty: boolean;
  /** What the list's being empty means for the shop: "No banners: the home page shows none." */
  empty: ReactNode;
  children: ReactNode;
}

/** The frame of an editable list: the Add button on top, then the items, or the empty state. */
export function EditableList({ addLabel, onAdd, isEmpty, empty, children }: EditableListProps) {
  return (
    <>
      <div className="tree-actions">
        <button type="button" className="button button-primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      {isEmpty ? <p className="empty-state">{empty}</p> : children}
    </>
  );
}

interface EditCardsProps<T> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  itemKey: (item: T) => string;
  itemAttributes: (item: T) => DataAttributes;
  image: (item: T) => ReactNode;
  name: (item: T) => string;
  /** The line under the name. */
  detail: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}

/** Items in the shop's order as cards: the image, the name and a line about it, Edit and Delete. */
export function EditCards<T>({ label, items, itemKey, itemAttributes, image, name, detail, onEdit, onDelete }: EditCardsProps<T>) {
  return (
    <ul className="card-list" aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)} className="edit-card" {...itemAttributes(item)}>
          {image(item)}
          <div className="edit-card-body">
            <strong className="wrap">{name(item)}</strong>
            <small className="muted block">{detail(item)}</small>
          </div>
          <div className="row-actions">
            <button type="button" className="button button-ghost button-small" onClick={() => onEdit(item)}>
              Edit
            </button>
            <button type="button" className="button button-danger button-small" onClick={() => onDelete(item)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
