import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../../shared/logger';
import { reconcilePayments } from '../service';

/**
 * Every few minutes (EventBridge): re-verify payments still pending after 3 minutes, settle the
 * completed ones, and cancel those not made within a day.
 */
export const handler = middy()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async () => {
    const outcome = await reconcilePayments({ minAgeSeconds: 180, expireAfterSeconds: 86_400 });
    logger.info('payments reconciled', outcome);
    return outcome;
  });
