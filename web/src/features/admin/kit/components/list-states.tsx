import type { CursorList } from '../api/cursor-list';

/** A read that failed: what went wrong, and a way to try again. */
export function ErrorState({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <div className="admin-error" role="alert">
      <p>
        Could not load {what}
        {error instanceof Error ? `: ${error.message}` : '.'}
      </p>
      <button type="button" className="button button-ghost button-small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A placeholder while the first answer is on its way. */
export const Loading = ({ label }: { label: string }) => (
  <div className="skeleton admin-skeleton" role="status" aria-busy="true" aria-label={label} />
);

export interface PagedListProps<T> {
  list: CursorList<T>;
  /** What the list holds, for the loading and error lines: "orders". */
  what: string;
  empty: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}

/** A cursor list's states: loading, failed (with Retry), empty, or its rows and "Load more". */
export function PagedList<T>({ list, what, empty, children }: PagedListProps<T>) {
  if (list.isLoading) return <Loading label={`Loading ${what}`} />;
  if (list.items.length === 0 && list.error) return <ErrorState error={list.error} onRetry={list.reload} what={what} />;
  if (list.items.length === 0 && !list.hasMore) return <p className="empty-state">{empty}</p>;
  return (
    <>
      {list.items.length > 0 && children(list.items)}
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.reload} what={`more ${what}`} />
      ) : (
        list.hasMore && (
          <div className="load-more">
            <button type="button" className="button button-ghost" onClick={list.loadMore} disabled={list.isLoadingMore}>
              {list.isLoadingMore ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )
      )}
    </>
  );
}
