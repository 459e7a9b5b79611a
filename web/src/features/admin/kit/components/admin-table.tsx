import type { ReactNode } from 'react';
import { StatusBadge } from '../../../../components/status-badge';
import type { StatusWord } from '../../../../lib/statuses';
import { dateTime } from '../../../../lib/format';
import { ago } from '../format';

/** A column of an admin table: its header and what each row shows under it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's lead (player ID, amount, name): on a phone it heads the row's card, without a label. */
  lead?: boolean;
  className?: string;
}

/** The `data-*-id` attributes that find an item's element (the browser tests use them). */
export type DataAttributes = { [name: `data-${string}`]: string };

/** What a row carries besides its cells: the `data-*-id` that finds it, a class that marks it. */
export type RowAttributes = { className?: string } & DataAttributes;

interface AdminTableProps<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  /** The row's buttons, in a last column whose header only screen readers read. */
  actions?: (row: T) => ReactNode;
  /** A class of this table's own, besides `admin-table`. */
  className?: string;
}

const joinClasses = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/**
 * The console's table: one row a line on a laptop, a card per row on a phone, where each cell
 * but the lead and the actions is labelled with its column's header (`data-label`).
 */
export function AdminTable<T>({ rows, columns, rowKey, rowAttributes, actions, className }: AdminTableProps<T>) {
  return (
    <div className="table-scroll">
      <table className={joinClasses('admin-table', className)}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header}>{column.header}</th>
            ))}
            {actions && (
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={column.lead ? joinClasses('cell-lead', column.className) : column.className}
                  data-label={column.lead ? undefined : column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions && <td className="cell-actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** When, as a queue reads it ("12 min ago"), with the date and time below. */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <span title={dateTime(iso)}>
      {ago(iso)}
      <small className="muted block">{dateTime(iso)}</small>
    </span>
  );
}

/** A status badge with the operator's or the gateway's word on it below, when there is one. */
export function StatusWithNote({ status, note }: { status: StatusWord; note: string }) {
  return (
    <span>
      <StatusBadge status={status} />
      {note && <small className="muted block remark">{note}</small>}
    </span>
  );
}
