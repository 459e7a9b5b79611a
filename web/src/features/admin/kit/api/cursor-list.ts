import type { ListPage } from '@contract/wire';
import type { ScopedMutator } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { swrFetcher } from '../../../../lib/api';
import { readWith } from '../../../../lib/statuses';

/**
 * The page keys of a cursor list at `base` (a GET path with its filters): the first page, then
 * one page per `next_cursor` until the server answers null.
 */
const pageKeys = (base: string) => (index: number, previous: ListPage<unknown> | null) => {
  if (index === 0) return base;
  if (!previous?.next_cursor) return null;
  return `${base}${base.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(previous.next_cursor)}`;
};

/** A cursor list as the console shows it: the rows so far and the ways to get more. */
export interface CursorList<T, P extends ListPage<T> = ListPage<T>> {
  items: T[];
  /** The pages as the server answered them (for what a page carries besides its rows). */
  pages: P[];
  /** The first page is on its way. */
  isLoading: boolean;
  /** A further page is on its way. */
  isLoadingMore: boolean;
  hasMore: boolean;
  error: unknown;
  loadMore: () => void;
  /** Loads every page shown again (the Retry and Refresh buttons). */
  reload: () => void;
}

/** An SWR fetcher of a cursor list's pages whose rows carry a wire status: each row as `fromWire` words it. */
export const readPagesWith = <Row, T>(fromWire: (row: Row) => T) =>
  readWith((page: ListPage<Row>): ListPage<T> => ({ ...page, items: page.items.map(fromWire) }));

/**
 * One of the admin lists that take `?cursor=` and answer `{items, next_cursor}`, a page at a
 * time ("Load more"); a row that a refreshed page repeats is shown once. `readPages` reads a page
 * (the app's fetcher unless given; see `readPagesWith`).
 */
export function useCursorList<T, P extends ListPage<T> = ListPage<T>>(
  base: string | null,
  idOf: (item: T) => string,
  readPages?: (key: string) => Promise<P>,
): CursorList<T, P> {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<P>(
    base === null ? () => null : pageKeys(base),
    readPages ?? swrFetcher<P>,
  );
  const seen = new Set<string>();
  const items = (data ?? []).flatMap((page) => page.items).filter((item) => !seen.has(idOf(item)) && Boolean(seen.add(idOf(item))));
  const last = data?.at(-1);
  return {
    items,
    pages: data ?? [],
    isLoading,
    isLoadingMore: isValidating && data !== undefined && data.length < size,
    hasMore: Boolean(last?.next_cursor),
    error,
    loadMore: () => void setSize(size + 1),
    reload: () => void mutate(),
  };
}

/** Changes every cached page of the list at `base`, without asking the server again. */
export function updatePages<P>(mutate: ScopedMutator, base: string, update: (page: P) => P): Promise<unknown> {
  return mutate(unstable_serialize(pageKeys(base)), (pages: P[] | undefined) => pages?.map(update), { revalidate: false });
}

/** Loads every cached page of the list at `base` again. */
export const reloadList = (mutate: ScopedMutator, base: string): Promise<unknown> => mutate(unstable_serialize(pageKeys(base)));

/** Puts a changed row in place in every cached page of the lists at `bases`, without asking the server again. */
export function replaceInLists<T>(
  mutate: ScopedMutator,
  bases: string[],
  matches: (item: T) => boolean,
  update: (item: T) => T,
): Promise<unknown> {
  const replace = (pages: ListPage<T>[] | undefined) =>
    pages?.map((page) => ({ ...page, items: page.items.map((item) => (matches(item) ? update(item) : item)) }));
  return Promise.all(bases.map((base) => mutate(unstable_serialize(pageKeys(base)), replace, { revalidate: false })));
}

/** Takes the rows `matches` names out of every cached page of the lists at `bases`. */
export function removeFromLists<T>(mutate: ScopedMutator, bases: string[], matches: (item: T) => boolean): Promise<unknown> {
  const remove = (pages: ListPage<T>[] | undefined) =>
    pages?.map((page) => ({ ...page, items: page.items.filter((item) => !matches(item)) }));
  return Promise.all(bases.map((base) => mutate(unstable_serialize(pageKeys(base)), remove, { revalidate: false })));
}
