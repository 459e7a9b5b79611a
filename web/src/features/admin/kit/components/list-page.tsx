import type { ReactNode } from 'react';
import { PagedList, type PagedListProps } from './list-states';

interface ListPageProps<T> extends PagedListProps<T> {
  title: string;
  /** What narrows the list (status tabs, a sort), between the title and the rows. */
  filters?: ReactNode;
}

/** A console section that is one cursor list: the title with Refresh, the filters, then the list's states. */
export function ListPage<T>({ title, filters, ...paged }: ListPageProps<T>) {
  return (
    <section className="admin-page">
      <div className="admin-head">
        <h1>{title}</h1>
        <button type="button" className="button button-ghost button-small" onClick={paged.list.reload} disabled={paged.list.isLoading}>
          Refresh
        </button>
      </div>
      {filters && <div className="admin-filters">{filters}</div>}
      <PagedList {...paged} />
    </section>
  );
}
