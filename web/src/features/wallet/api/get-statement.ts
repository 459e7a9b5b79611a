import type { LedgerEntryRow, WalletStatement } from '@contract/wire';
import useSWRInfinite from 'swr/infinite';

/** A line of the wallet statement: what moved the balance, by how much, and the balance after. */
export type LedgerLine = LedgerEntryRow;

const statementPath = '/user/wallet_statement';

/** The key of a page: the first has no cursor, the next the previous page's `next_cursor`; none after the last. */
const pageKey = (index: number, previous: WalletStatement | null) => {
  if (index === 0) return [statementPath, {}] as const;
  return previous?.next_cursor ? ([statementPath, { cursor: previous.next_cursor }] as const) : null;
};

/** POST /user/wallet_statement: the signed-in user's ledger, newest first, a page of 50 at a time. */
export function useWalletStatement() {
  const pages = useSWRInfinite<WalletStatement>(pageKey, { revalidateFirstPage: true });
  const lines = pages.data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(pages.data?.at(-1)?.next_cursor);
  return { ...pages, lines, hasMore, loadMore: () => pages.setSize(pages.size + 1) };
}
