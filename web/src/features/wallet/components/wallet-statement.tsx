import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { paths } from '../../../config/paths';
import { dateTime, signedTaka, taka } from '../../../lib/format';
import { type LedgerLine, useWalletStatement } from '../api/get-statement';
import { topUpAnchor } from './wallet-history';

const reasonLabels: Record<LedgerLine['reason'], string> = {
  topup: 'Top-up',
  purchase: 'Purchase',
  refund: 'Refund',
  adjustment: 'Adjustment by the shop',
};

/** Where a line's cause is shown; a purchase is a plan order or a code order, which only the page around knows. */
export type ReferenceLink = (line: LedgerLine) => { to: string; label: string } | undefined;

/** The default: a top-up's row below, an order's page for purchases and refunds; adjustments name their note. */
export const defaultReferenceLink: ReferenceLink = (line) => {
  if (line.reason === 'topup') return { to: `#${topUpAnchor(line.reference)}`, label: `Top-up ${line.reference}` };
  if (line.reason === 'purchase' || line.reason === 'refund')
    return { to: paths.profileOrder(line.reference), label: `Order ${line.reference}` };
  return undefined;
};

interface WalletStatementProps {
  /** The balance the page shows: the statement is read again whenever it changes, so that its newest line agrees. */
  balance: number;
  referenceLink?: ReferenceLink;
}

/** The wallet statement: every change of the balance, newest first, with what caused it and the balance after. */
export function WalletStatement({ balance, referenceLink = defaultReferenceLink }: WalletStatementProps) {
  const { lines, error, isLoading, isValidating, hasMore, loadMore, mutate } = useWalletStatement();
  const seenBalance = useRef(balance);
  useEffect(() => {
    if (seenBalance.current === balance) return;
    seenBalance.current = balance;
    void mutate();
  }, [balance, mutate]);

  if (isLoading) return <div className="skeleton table-skeleton" />;
  if (error && lines.length === 0) {
    return <LoadFailed message="The statement could not be loaded." onRetry={mutate} />;
  }
  if (lines.length === 0) {
    return (
      <div className="empty-state">
        <p>No wallet activity yet. Money you add, spend or get back shows here.</p>
        <Link className="button button-primary button-small" to={paths.addMoney}>
          Add money
        </Link>
      </div>
    );
  }
  return (
    <>
      <table className="data-table statement-table" data-testid="wallet-statement">
        <thead>
          <tr>
            <th>Date</th>
            <th>What</th>
            <th>Amount</th>
            <th>Balance after</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const link = referenceLink(line);
            return (
              <tr key={line.seq} data-seq={line.seq}>
                <td data-label="Date">{dateTime(line.created_at)}</td>
                <td data-label="What">
                  <span className="statement-reason">{reasonLabels[line.reason]}</span>
                  {link ? (
                    link.to.startsWith('#') ? (
                      <a className="block small" href={link.to}>
                        {link.label}
                      </a>
                    ) : (
                      <Link className="block small" to={link.to}>
                        {link.label}
                      </Link>
                    )
                  ) : (
                    line.reference && <small className="muted block">{line.reference}</small>
                  )}
                </td>
                <td data-label="Amount" className={line.delta < 0 ? 'amount amount-out' : 'amount amount-in'}>
                  {signedTaka(line.delta)}
                </td>
                <td data-label="Balance after" className="amount balance-after">
                  {taka(line.balance_after)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hasMore && (
        <div className="button-row">
          <button type="button" className="button button-ghost button-small" onClick={() => void loadMore()} disabled={isValidating}>
            {isValidating ? 'Loading…' : 'Show older'}
          </button>
        </div>
      )}
    </>
  );
}
