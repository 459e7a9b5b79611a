import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { daysBetween, shiftDay } from '../../functions/contract/report-range';
import { reportsPartition } from '../../functions/reports/aggregates';
import { applyReportEvents } from '../../functions/reports/apply';
import type { RefundEvent, ReportEvent, SaleEvent } from '../../functions/reports/events';
import { db, queryAll, tableName } from '../../functions/shared/db';
import { toItem } from '../../functions/shared/items';
import { dayOf, soldOrdersOfDay } from './sold-orders';

/**
 * The one-off backfill of the reports (issue 42, decision 0023) for the days before report events
 * existed: each day's orders and code sales (one Query of the day index `DAY#<day>`) become the
 * sale and refund events the live path would have written (the same pure builders, dated alike),
 * summed into the aggregates by the same `deltasOf`/`summed` and `applyEvents`, so the figures are
 * the live path's by construction.
 *
 * Exactly once: each event is kept as a `REPORTEVENT#<order>` item under a fixed sort key
 * (`sale#backfill`, `refund#backfill`), with no expiry, and applied through its mark (`appliedAt`,
 * set on the condition it is not). A re-run, or a run cut short and run again, finds the items
 * there and their marks set, and adds nothing; the stream's consumer, which also sees the new
 * items, can only apply each of them through the same mark, so whichever comes first adds it.
 *
 * Never over live writing: events from the first day of live report events on (`liveSince`: the
 * first day the reports partition held an aggregate when the backfill first ran, kept in
 * `REPORTBACKFILL` / `#LIVESINCE`) are the live path's; a range reaching that day is refused, and
 * a refund made on or after it (of an older order) is skipped. An order that still holds a live
 * event of the kind (the live ones expire after three days) is skipped too.
 */
export interface BackfillOutcome {
  days: string[];
  liveSince: string;
  /** Orders read from the day index. */
  orders: number;
  /** Events written and applied by this run (or, dry, that would be). */
  sales: number;
  refunds: number;
  /** Events a previous run had written already. */
  already: number;
  /** Events left to the live path: dated on or after `liveSince`, or with a live event of their own. */
  live: number;
}

export const backfillEventId = 'backfill';

const markerKey = { pk: 'REPORTBACKFILL', sk: '#LIVESINCE' };

/** The first day of live report events: kept by the first run; else the first day with an aggregate, or today when there is none. */
export async function liveSinceDay(keep: boolean): Promise<string> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: markerKey, ConsistentRead: true }));
  if (Item) return String(Item.day);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': reportsPartition },
      Limit: 1,
    }),
  );
  const day = Items[0] ? String(Items[0].sk).split('#')[0]! : dayOf(new Date().toISOString());
  if (!keep) return day;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: toItem('ReportBackfill', markerKey, { day }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return day;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return liveSinceDay(false);
  }
}

/** The kinds of live events an order holds (sort keys `sale#<id>`, `refund#<id>` other than the backfill's): one Query of its partition. */
async function liveKinds(orderId: string): Promise<Set<string>> {
  const items = await queryAll({ key: 'pk', value: `REPORTEVENT#${orderId}` }, ['sk']);
  return new Set(
    items
      .map((item) => String(item.sk).split('#'))
      .filter(([, id]) => id !== backfillEventId)
      .map(([kind]) => kind!),
  );
}

/** Writes a backfill event's item, on the condition it is new; false when a previous run wrote it. */
async function keepEvent(event: ReportEvent): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: toItem('ReportEvent', { pk: `REPORTEVENT#${event.orderId}`, sk: `${event.kind}#${event.id}` }, event, event.at),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
  }
}

/** Whether a previous run wrote a backfill event's item (a dry run's question). */
async function eventKept(event: ReportEvent): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: { pk: `REPORTEVENT#${event.orderId}`, sk: `${event.kind}#${event.id}` },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

export interface BackfillOptions {
  from: string;
  to: string;
  dryRun?: boolean;
  /** The first day of live events, when known otherwise (the tests); read or kept as above when absent. */
  liveSince?: string;
}

/** Backfills the days from `from` to `to` (both included), a day at a time. */
export async function backfillReports({ from, to, dryRun = false, liveSince }: BackfillOptions): Promise<BackfillOutcome> {
  const since = liveSince ?? (await liveSinceDay(!dryRun));
  if (to >= since)
    throw new Error(`Report events are live since ${since}: backfill only the days before it (--to ${shiftDay(since, -1)} at the latest).`);
  const days = daysBetween(from, to);
  const outcome: BackfillOutcome = { days, liveSince: since, orders: 0, sales: 0, refunds: 0, already: 0, live: 0 };
  for (const day of days) {
    const orders = await soldOrdersOfDay(day);
    outcome.orders += orders.length;
    const events: ReportEvent[] = [];
    for (const order of orders) {
      const live = await liveKinds(order.orderId);
      const candidates: [SaleEvent | RefundEvent, string][] = [[order.sale, order.saleAt]];
      if (order.refund) candidates.push([order.refund.event, order.refund.at]);
      for (const [event, at] of candidates) {
        if (dayOf(at) >= since || live.has(event.kind)) {
          outcome.live += 1;
          continue;
        }
        events.push({ ...event, id: backfillEventId, at });
      }
    }
    for (const event of events) {
      if (dryRun ? await eventKept(event) : !(await keepEvent(event))) outcome.already += 1;
      else if (event.kind === 'sale') outcome.sales += 1;
      else outcome.refunds += 1;
    }
    // Applied through their marks: those a previous run (or the stream's consumer) applied add nothing.
    if (!dryRun) await applyReportEvents(events);
  }
  return outcome;
}
