/**
 * Sums report events into the day's aggregates, each once (decision 0023): a batch in as few
 * transactions as the limit allows; a batch with an event applied before (a replayed stream
 * record) is applied again without it.
 */
import { retrying } from '../shared/retry';
import { TransactionCancelled } from '../shared/transactions';
import { deltasOf, summed } from './aggregates';
import type { ReportEvent } from './events';
import { applyEvents } from './repo';

/**
 * Events a transaction carries (each one mark and at most three aggregates). Short writes: a long
 * one holds its items longer against the sales that write beside it, and DynamoDB bills per item
 * whatever the grouping.
 */
const eventsPerWrite = 8;

/** Applies the events not applied yet, a chunk at a time; a collision with another writer of a day's item is tried again. */
export async function applyReportEvents(events: ReportEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += eventsPerWrite) {
    let pending = events.slice(start, start + eventsPerWrite);
    await retrying(
      async () => {
        while (pending.length > 0) {
          const applied = await applyEvents(pending, summed(pending.flatMap(deltasOf)), new Date().toISOString());
          if (applied.length === 0) return;
          pending = pending.filter((event) => !applied.includes(event));
        }
      },
      (error) => error instanceof TransactionCancelled && error.conflicted,
    );
  }
}
