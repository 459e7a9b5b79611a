import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../../shared/logger';
import { reconcilePayments } from '../service';

/** Payments younger than this are left to the payer and the webhook (RECONCILE_MIN_AGE_SECONDS shortens it in tests). */
const minAgeSeconds = Number(process.env.RECONCILE_MIN_AGE_SECONDS ?? 180);

/**
 * Every few minutes (EventBridge in the cloud, a timer on the local stack): re-verify payments
 * still pending after 3 minutes, settle the completed ones, and cancel those not made within a day.
 */
export const handler = middy()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const outcome = await reconcilePayments({ minAgeSeconds, expireAfterSeconds: 86_400 });
    logger.info('payments reconciled', outcome);
    return outcome;
  });
