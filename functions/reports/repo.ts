/**
 * The reports' table work (decision 0023): applying report events to the day's aggregates once
 * each, and reading a day's aggregates.
 */
import { queryAll, tableName } from '../shared/db';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { type AggregateDelta, reportsPartition } from './aggregates';
import type { ReportEvent } from './events';

/** Marks an event applied, on the condition it was not: the event item is its own once-only mark. */
const appliedMarkItem = (event: ReportEvent, now: string): TransactionItem => ({
  Update: {
    TableName: tableName,
    Key: { pk: `REPORTEVENT#${event.orderId}`, sk: `${event.kind}#${event.id}` },
    UpdateExpression: 'SET appliedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(appliedAt)',
    ExpressionAttributeValues: { ':now': now },
  },
});

/** Adds a delta's numbers to its aggregate and sets its names where absent. */
function aggregateItem(delta: AggregateDelta, now: string): TransactionItem {
  const names = Object.keys(delta.names);
  const columns = Object.keys(delta.add);
  return {
    Update: {
      TableName: tableName,
      Key: { pk: delta.pk, sk: delta.sk },
      UpdateExpression: [
        `SET entity = :entity, updatedAt = :now${names.map((_, i) => `, #n${i} = if_not_exists(#n${i}, :n${i})`).join('')}`,
        `ADD ${columns.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ].join(' '),
      ExpressionAttributeNames: Object.fromEntries([
        ...names.map((name, i) => [`#n${i}`, name]),
        ...columns.map((column, i) => [`#c${i}`, column]),
      ]),
      ExpressionAttributeValues: Object.fromEntries([
        [':entity', 'ReportAggregate'],
        [':now', now],
        ...names.map((name, i) => [`:n${i}`, delta.names[name]]),
        ...columns.map((column, i) => [`:c${i}`, delta.add[column]]),
      ]),
    },
  };
}

/**
 * Applies events and their summed deltas in one transaction: each event marked applied on the
 * condition it was not, so a replayed event makes the whole write fail and nothing is added twice.
 * Answers which events had been applied already (empty when this write applied them all).
 */
export async function applyEvents(events: ReportEvent[], deltas: AggregateDelta[], now: string): Promise<ReportEvent[]> {
  try {
    await transact([...events.map((event) => appliedMarkItem(event, now)), ...deltas.map((delta) => aggregateItem(delta, now))]);
    return [];
  } catch (error) {
    if (!(error instanceof TransactionCancelled) || error.conflicted) throw error;
    const applied = events.filter((_, index) => error.failedAt(index));
    if (applied.length === 0) throw error;
    return applied;
  }
}

/** The aggregates of the days from `from` to `to`, both included, in day order: one Query (paged). */
export const rangeAggregates = (from: string, to: string) =>
  queryAll({ key: 'pk', value: reportsPartition, sortBetween: [`${from}#`, `${to}#~`] });
