import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';

/** What the dashboard reads of one sale or top-up: its kind, status and amounts (never codes or account details). */
export interface DayActivity {
  kind: 'ORDER' | 'CODES' | 'TOPUP';
  status?: string;
  /** Plan orders: the price paid. */
  price?: number;
  /** Code sales: the unit price and how many codes. */
  unitPrice?: number;
  qty?: number;
  /** Top-ups: the amount. */
  amount?: number;
}

/**
 * A Dhaka day's plan orders, code sales and top-ups, as the day index holds them: Query gsi3
 * DAY#<day>, only the fields the figures need, page after page.
 */
export async function listDayActivity(day: string): Promise<DayActivity[]> {
  const activity: DayActivity[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': `DAY#${day}` },
        ProjectionExpression: 'gsi3sk, #status, price, unitPrice, qty, amount',
        ExpressionAttributeNames: { '#status': 'status' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const kind = String(item.gsi3sk).split('#')[0] as DayActivity['kind'];
      activity.push({ kind, status: item.status as string | undefined, price: item.price, unitPrice: item.unitPrice, qty: item.qty, amount: item.amount } as DayActivity);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return activity;
}
