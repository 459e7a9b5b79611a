import type { ClaimRow } from '@contract/wire';
import { Suspense, lazy, useState } from 'react';
import { useServerWords } from '../../../lib/server-messages';
import type { OrderDetail as Order } from '../api/get-order';
import { claimAuthorLabels, claimReasonLabels } from '../claim-words';
import { useT } from '../messages';
import '../claims.css';

const ClaimForm = lazy(() => import('./claim-form').then((module) => ({ default: module.ClaimForm })));

/**
 * An order's report of a problem: its thread and where it stands when there is one, and while
 * none is open, "Report a problem" opening the form (its own chunk, loaded on the tap). A guest's
 * report goes by their order link's secret (`guestToken`).
 */
export function OrderClaim({ order, guestToken }: { order: Order; guestToken?: string }) {
  const { t } = useT();
  const [reporting, setReporting] = useState(false);
  const open = order.claim?.status === 'open';
  return (
    <>
      {order.claim && <ClaimThread claim={order.claim} />}
      {!open &&
        (reporting ? (
          <Suspense fallback={<div className="skeleton claim-skeleton" aria-busy="true" />}>
            <ClaimForm order={order} guestToken={guestToken} onDone={() => setReporting(false)} />
          </Suspense>
        ) : (
          <button type="button" className="button button-ghost button-small" onClick={() => setReporting(true)}>
            {t('orders.claim.report')}
          </button>
        ))}
    </>
  );
}

/** A report's reason, status and thread: who said what, when (the shop's own words in the current language). */
function ClaimThread({ claim }: { claim: ClaimRow }) {
  const { t, dateTime } = useT();
  const serverWords = useServerWords();
  const open = claim.status === 'open';
  return (
    <section className="claim" aria-labelledby="claim-title" data-testid="order-claim">
      <div className="claim-head">
        <h2 id="claim-title" className="panel-subtitle">
          {t('orders.claim.heading')}
        </h2>
        <span className={open ? 'status-badge status-wait' : 'status-badge status-off'}>
          {open ? t('orders.claim.open') : t('orders.claim.closed')}
        </span>
      </div>
      <p className="muted">
        {claimReasonLabels[claim.reason](t)}
        {claim.player_id && ` · ${t('orders.claim.rightPlayerIdIs', { id: claim.player_id })}`}
      </p>
      <ol className="claim-thread" aria-label={t('orders.claim.thread')}>
        {claim.thread.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a thread only grows at its end, so a message's place is its identity.
          <li key={`${entry.at}-${index}`} className={`claim-message claim-from-${entry.from}`}>
            <p className="claim-meta">
              <strong>{claimAuthorLabels[entry.from](t)}</strong> <time dateTime={entry.at}>{dateTime(entry.at)}</time>
            </p>
            {entry.message && <p className="claim-text">{entry.from === 'shop' ? serverWords(entry.message) : entry.message}</p>}
          </li>
        ))}
      </ol>
      {open && <p className="muted small">{t('orders.claim.weAnswerHere')}</p>}
    </section>
  );
}
