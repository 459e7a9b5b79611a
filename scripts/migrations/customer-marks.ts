import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { personKeysOf } from '../../functions/promotions/repo';
import { db, tableName } from '../../functions/shared/db';

/**
 * The one-off backfill of the customer marks that tell a first order (docs/promotions.md,
 * "First-order codes"): live code marks every order paid since they exist; this marks the persons
 * of every order placed before, as an order of that kind would have marked them (the account, and
 * a top-up's player ID; no number was verified then). Each mark keeps the earliest order (its
 * update is conditioned on having none, or a later one), so a run can stop anywhere and run again,
 * and runs beside live orders.
 */
export interface CustomerMarkBackfill {
  /** Placed orders found: plan orders and code purchases. */
  orders: number;
  /** Marks written or moved to an earlier order (or, dry, that would be). */
  marked: number;
}

/** The persons an order of before counts as, as its kind marks them now. */
const personsOf = (item: Record<string, unknown>) =>
  personKeysOf({
    userId: String(item.userId),
    playerId: item.entity === 'PlanOrder' && typeof item.accountId === 'string' ? item.accountId : undefined,
  });

/** Marks the persons of every placed order (Scan, filtered to the two order entities); `dryRun` counts only. */
export async function backfillCustomerMarks({ dryRun = false } = {}): Promise<CustomerMarkBackfill> {
  const outcome: CustomerMarkBackfill = { orders: 0, marked: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'entity IN (:plan, :codes)',
        ExpressionAttributeValues: { ':plan': 'PlanOrder', ':codes': 'VoucherOrder' },
        ExclusiveStartKey: startKey,
      }),
    );
    startKey = page.LastEvaluatedKey;
    for (const item of page.Items ?? []) {
      outcome.orders += 1;
      const at = String(item.paidAt ?? item.createdAt);
      for (const person of personsOf(item)) {
        if (dryRun) {
          outcome.marked += 1;
          continue;
        }
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: `CUSTOMER#${person}`, sk: '#ORDERED' },
              UpdateExpression: 'SET firstOrderId = :id, firstOrderAt = :at, entity = :entity',
              ConditionExpression: 'attribute_not_exists(pk) OR firstOrderAt > :at',
              ExpressionAttributeValues: { ':id': String(item.orderId), ':at': at, ':entity': 'CustomerMark' },
            }),
          );
          outcome.marked += 1;
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        }
      }
    }
  } while (startKey);
  return outcome;
}
