/**
 * The delivery job's runner (every minute): advances the open automatic deliveries through the
 * engine (./delivery.ts), counts the overdue ones, tells the operators again of held orders
 * undecided too long and of shoppers' reports unanswered too long, and keeps the suppliers' status fresh.
 */
import { alertSettings } from '../notifications/alert-settings';
import { claimOverdueAlert, orderHeldAlert, raiseAlert } from '../notifications/alerts';
import { holdOverdue } from '../risk/holds';
import { logger } from '../shared/logger';
import { egressAddress, suppliers } from '../suppliers/registry';
import { putSupplierStatus, supplierRecords } from '../suppliers/repo';
import { listClaims } from './claim-repo';
import { claimOverdue } from './claim-rules';
import { inquire, startDelivery } from './delivery';
import { dueForDelivery } from './delivery-rules';
import { countQueuedPaidBefore, listOpenDeliveries } from './delivery-repo';
import { listHeldOrders } from './hold-repo';
import type { PlanOrder } from './types';

/** What one run of the delivery job did. */
export interface DeliveryRunOutcome {
  open: number;
  started: number;
  asked: number;
  delivered: number;
  failed: number;
  toQueue: number;
  /** Orders whose step threw (logged); the next run tries them again. */
  errors: number;
}

/** The least time between two calls about one top-up at the order's supplier (a minute where it names none). */
const spacingOf = (order: PlanOrder) => suppliers[order.delivery?.supplier ?? '']?.callSpacingSeconds ?? 60;

/**
 * The delivery job (every minute, like the payment reconciler): every open automatic delivery
 * that is due, oldest first in small parallel batches, is started (queued ones whose dispatch
 * never happened) or asked about (sent or lost ones, no sooner than the supplier's spacing and
 * less often as they age). Overlapping runs are harmless: every step is claimed by a conditional
 * write before any supplier call.
 */
export async function advanceDeliveries(options: {
  batchSize: number;
  timeForAnotherBatch: () => boolean;
  now?: number;
}): Promise<DeliveryRunOutcome> {
  const now = options.now ?? Date.now();
  const outcome: DeliveryRunOutcome = { open: 0, started: 0, asked: 0, delivered: 0, failed: 0, toQueue: 0, errors: 0 };
  let cursor: string | undefined;
  do {
    const page = await listOpenDeliveries({ cursor, limit: 100 });
    cursor = page.nextCursor ?? undefined;
    outcome.open += page.items.length;
    const due = page.items.filter((order) => order.delivery && dueForDelivery(order.delivery, order.paidAt, now, spacingOf(order)));
    for (let start = 0; start < due.length; start += options.batchSize) {
      if (!options.timeForAnotherBatch()) return outcome;
      const batch = due.slice(start, start + options.batchSize);
      const results = await Promise.allSettled(
        batch.map(async (order) => {
          const queued = order.delivery!.state === 'queued';
          outcome[queued ? 'started' : 'asked'] += 1;
          return queued ? startDelivery(order) : inquire(order, now);
        }),
      );
      for (const [i, result] of results.entries()) {
        if (result.status === 'rejected') {
          outcome.errors += 1;
          logger.error('delivery step failed', { orderId: batch[i]!.orderId, error: result.reason as Error });
          continue;
        }
        const state = result.value.delivery?.state;
        if (state === 'delivered') outcome.delivered += 1;
        else if (state === 'failed') outcome.failed += 1;
        else if (state === 'manual') outcome.toQueue += 1;
      }
    }
  } while (cursor);
  return outcome;
}

/**
 * How long a paid order may wait for its delivery before it counts as overdue: an automatic one is
 * sent at once and asked about within minutes (30 minutes is several inquiries that found nothing);
 * one in the operators' queue waits for a person (the shop promises no time, so an hour).
 */
export const overdueAfterMinutes = { automatic: 30, manual: 60 } as const;

/** Paid orders past their window: automatic deliveries still under way, and orders in the operators' queue. */
export interface OverdueOrders {
  automatic: number;
  manual: number;
}

/**
 * The paid orders not delivered past their window (`overdueAfterMinutes`): two count-only Queries
 * of gsi1, in parallel, each reading only the orders older than its window.
 */
export async function countOverdueOrders(now = Date.now()): Promise<OverdueOrders> {
  const before = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const [automatic, manual] = await Promise.all([
    countQueuedPaidBefore('delivering', before(overdueAfterMinutes.automatic)),
    countQueuedPaidBefore('pending', before(overdueAfterMinutes.manual)),
  ]);
  return { automatic, manual };
}

/**
 * What a supplier's status page in the console shows, kept fresh by the delivery job (whose calls
 * leave from the stage's fixed address): our deposit in its currency, or why it could not be read,
 * read again once older than `maxAgeMinutes`.
 */
export async function refreshSupplierStatus(maxAgeMinutes: number, now = Date.now()): Promise<void> {
  const records = await supplierRecords(Object.keys(suppliers));
  for (const supplier of Object.values(suppliers)) {
    const checkedAt = records.get(supplier.name)?.status?.checkedAt;
    if (checkedAt && now - Date.parse(checkedAt) < maxAgeMinutes * 60_000) continue;
    const at = new Date(now).toISOString();
    try {
      await putSupplierStatus(supplier.name, { balance: await supplier.balance(), error: '', egressAddress, checkedAt: at });
    } catch (error) {
      logger.warn('supplier balance not read', { supplier: supplier.name, error: (error as Error).message });
      await putSupplierStatus(supplier.name, {
        balance: null,
        error: (error as Error).message.slice(0, 200),
        egressAddress,
        checkedAt: at,
      });
    }
  }
}

/**
 * Tells the operators again of every held order still undecided past the minutes promised to its
 * shopper (the oldest 100 of the review queue; the alert's id makes it once per hold). Answers how
 * many were told now.
 */
export async function alertOverdueHolds(now: number): Promise<number> {
  const { items } = await listHeldOrders({ limit: 100 });
  const at = new Date(now).toISOString();
  const told = await Promise.all(
    items
      .filter((order) => order.hold && holdOverdue(order.hold, now))
      .map((order) => raiseAlert(orderHeldAlert(order, order.hold!, at, true))),
  );
  return told.filter(Boolean).length;
}

/**
 * Tells the operators of every report still open past the minutes promised for an answer (the
 * oldest 100 of the claims' queue; the alert's id makes it once per claim). Answers how many were
 * told now.
 */
export async function alertOverdueClaims(now: number): Promise<number> {
  const [{ items }, settings] = await Promise.all([listClaims('open', true, { limit: 100 }), alertSettings()]);
  const at = new Date(now).toISOString();
  const told = await Promise.all(
    items
      .filter((claim) => claimOverdue(claim, settings.claimAnswerMinutes, now))
      .map((claim) => raiseAlert(claimOverdueAlert(claim, settings.claimAnswerMinutes, at))),
  );
  return told.filter(Boolean).length;
}
