import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { gatewayTimeoutMs } from '../../gateway/port';
import { alertSettings } from '../../notifications/alert-settings';
import { withLease } from '../../shared/lease';
import { logger } from '../../shared/logger';
import { businessMetrics } from '../../shared/metrics';
import { reconcilePayments } from '../reconciler';

/** Payments settled at once: enough to clear a backlog, few enough not to crowd the gateway. */
const batchSize = 5;

/** A batch takes at most one gateway call's timeout and a few table calls; start one only with room for two. */
const batchReserveMs = 2 * gatewayTimeoutMs + 5_000;

/** Payments younger than this are left to the payer and the webhook (RECONCILE_MIN_AGE_SECONDS shortens it in tests). */
const minAgeSeconds = Number(process.env.RECONCILE_MIN_AGE_SECONDS ?? 180);

/** Waiting payments are given up after two days; money paid after that is still credited once. */
const expireAfterSeconds = 2 * 86_400;

/**
 * Every few minutes (EventBridge in the cloud, a timer on the local stack): re-verify, with
 * back-off, payments still pending after 3 minutes whose invoice is known, settle the completed
 * ones, give up those not made within two days, and alert the operators (once) of those pending
 * longer than their alert settings' minutes, and report how many are (the PaymentsPendingPastWindow
 * metric, 0 included, which an alarm watches). One run at a time, by a lease in the table
 * (a run that finds it held leaves the work to the holder). A run in which any payment failed
 * fails as a whole (after the others were done), so that the failure alarm and the failed-run
 * queue see it.
 */
export const handler = middy()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (_event: unknown, context: Context) => {
    const { paymentPendingMinutes } = await alertSettings();
    const outcome = await withLease('reconcile-payments', context.awsRequestId, context.getRemainingTimeInMillis(), () =>
      reconcilePayments({
        minAgeSeconds,
        stuckAfterMinutes: paymentPendingMinutes,
        expireAfterSeconds,
        batchSize,
        timeForAnotherBatch: () => context.getRemainingTimeInMillis() > batchReserveMs,
      }),
    );
    if (!outcome) {
      logger.info('payments reconciler skipped: another run holds the lease');
      return { skipped: true };
    }
    logger.info('payments reconciled', { ...outcome });
    businessMetrics.paymentsPendingPastWindow(outcome.pendingPastWindow);
    if (outcome.failed > 0) throw new Error(`${outcome.failed} payments could not be reconciled`);
    return outcome;
  });
