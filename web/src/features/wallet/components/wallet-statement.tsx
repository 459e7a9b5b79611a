import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/load-failed';
import { paths } from '../../../config/paths';
import type { Translate } from '../../../lib/i18n';
import { type LedgerLine, useWalletStatement } from '../api/get-statement';
import { t, useT } from '../messages';
import { topUpAnchor } from './wallet-history';

/** The web's word for each reason the wire gives (`topup`, `purchase`, `refund`, `adjustment`), in the current language. */
const reasonLabels: Record<LedgerLine['reason'], (t: Translate) => string> = {
  topup: (t) => t('wallet.reasonTopUp'),
  purchase: (t) => t('wallet.reasonPurchase'),
  refund: (t) => t('wallet.reasonRefund'),
  adjustment: (t) => t('wallet.reasonAdjustment'),
};

/** Where a line's cause is shown; a purchase is a plan order or a code order, which only the page around knows. */
export type ReferenceLink = (line: LedgerLine) => { to: string; label: string } | undefined;

/** The default: a top-up's row below, an order's page for purchases and refunds; adjustments name their note. */
export const defaultReferenceLink: ReferenceLink = (line) => {
  if (line.reason === 'topup')
    return { to: `#${topUpAnchor(line.reference)}`, label: t('wallet.topUpReference', { reference: line.reference }) };
  if (line.reason === 'purchase' || line.reason === 'refund')
    return { to: paths.profileOrder(line.reference), label: t('wallet.orderReference', { reference: line.reference }) };
  return undefined;
};

interface WalletStatementProps {
  /** The balance the page shows: the statement is read again whenever it changes, so that its newest line agrees. */
  balance: number;
  referenceLink?: ReferenceLink;
}

/** The wallet statement: every change of the balance, newest first, with what caused it and the balance after. */
export function WalletStatement({ balance, referenceLink = defaultReferenceLink }: WalletStatementProps) {
  const { t, taka, signedTaka, dateTime } = useT();
  const { lines, error, isLoading, isValidating, hasMore, loadMore, mutate } = useWalletStatement();
  const seenBalance = useRef(balance);
  useEffect(() => {
    if (seenBalance.current === balance) return;
    seenBalance.current = balance;
    void mutate();
  }, [balance, mutate]);

  if (isLoading) return <div className="skeleton table-skeleton" />;
  if (error && lines.length === 0) {
    return <LoadFailed message={t('wallet.statementLoadFailed')} onRetry={mutate} />;
  }
  if (lines.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('wallet.statementEmpty')}</p>
        <Link className="button button-primary button-small" to={paths.addMoney}>
          {t('wallet.addMoneyLink')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <table className="data-table statement-table" data-testid="wallet-statement">
        <thead>
          <tr>
            <th>{t('wallet.date')}</th>
            <th>{t('wallet.what')}</th>
            <th>{t('wallet.amount')}</th>
            <th>{t('wallet.balanceAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const link = referenceLink(line);
            return (
              <tr key={line.seq} data-seq={line.seq}>
                <td data-label={t('wallet.date')}>{dateTime(line.created_at)}</td>
                <td data-label={t('wallet.what')}>
                  <span className="statement-reason">{reasonLabels[line.reason](t)}</span>
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
                  {line.discount > 0 && (
                    <small className="muted block">
                      {t('wallet.codeDiscount', { amount: taka(line.discount), code: line.coupan_code })}
                    </small>
                  )}
                </td>
                <td data-label={t('wallet.amount')} className={line.delta < 0 ? 'amount amount-out' : 'amount amount-in'}>
                  {signedTaka(line.delta)}
                </td>
                <td data-label={t('wallet.balanceAfter')} className="amount balance-after">
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
            {isValidating ? t('wallet.loading') : t('wallet.showOlder')}
          </button>
        </div>
      )}
    </>
  );
}
