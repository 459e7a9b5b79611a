import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from '../../shared/logger';
import { businessMetrics } from '../../shared/metrics';
import { supplierTimeoutMs } from '../../suppliers/port';
import { advanceDeliveries, alertOverdueClaims, alertOverdueHolds, countOverdueOrders, refreshSupplierStatus } from '../delivery-job';

/** Deliveries stepped at once: enough to clear a backlog, few enough not to crowd the supplier. */
const batchSize = 5;

/** A batch takes one supplier call's timeout and a few table calls; start one only with room for two. */
const batchReserveMs = 2 * supplierTimeoutMs + 5_000;

/** How old the suppliers' balances shown in the console may grow before a run reads them again. */
const statusMaxAgeMinutes = 5;

/**
 * Every minute (EventBridge in the cloud, a timer on the local stack): start the automatic
 * deliveries whose dispatch never happened and ask the supplier about those sent or lost; then
 * report the paid orders undelivered past their window (PaidOrdersUndelivered, 0 included, which
 * an alarm watches), tell the operators again of held orders undecided past the minutes promised
 * to their shoppers, and read the suppliers' balances for the console when they are old.
 * A run in which a step failed fails as a whole (after the others), so the alarm sees it.
 */
export const handler = middy()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (_event: unknown, context: Context) => {
    const outcome = await advanceDeliveries({
      batchSize,
      timeForAnotherBatch: () => context.getRemainingTimeInMillis() > batchReserveMs,
    });
    // Measured after the run's own steps, so that what it just delivered is not counted.
    const overdue = await countOverdueOrders();
    businessMetrics.paidOrdersUndelivered(overdue.automatic + overdue.manual);
    // A quiet run (nothing open, nothing overdue) is the usual one: only runs that found something say so.
    if (outcome.open > 0 || overdue.automatic + overdue.manual > 0) logger.info('deliveries advanced', { ...outcome, overdue });
    const holdsOverdue = await alertOverdueHolds(Date.now());
    if (holdsOverdue > 0) logger.info('held orders overdue', { told: holdsOverdue });
    const claimsOverdue = await alertOverdueClaims(Date.now());
    if (claimsOverdue > 0) logger.info('claims overdue', { told: claimsOverdue });
    if (context.getRemainingTimeInMillis() > batchReserveMs) await refreshSupplierStatus(statusMaxAgeMinutes);
    if (outcome.errors > 0) throw new Error(`${outcome.errors} deliveries could not be advanced`);
    return outcome;
  });
