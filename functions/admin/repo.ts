import { queryAll } from '../shared/db';

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
  /** Plan orders: delivered automatically (stock or supplier), when paid and when delivered. */
  automatic?: boolean;
  paidAt?: string;
  completedAt?: string;
}

/**
 * A Dhaka day's plan orders, code sales and top-ups, as the day index holds them: Query gsi3
 * DAY#<day>, only the fields the figures need, page after page.
 */
export async function listDayActivity(day: string): Promise<DayActivity[]> {
  const items = await queryAll({ index: 'gsi3', key: 'gsi3pk', value: `DAY#${day}` }, [
    'gsi3sk',
    'status',
    'price',
    'unitPrice',
    'qty',
    'amount',
    'delivery',
    'paidAt',
    'completedAt',
  ]);
  return items.map((item) => {
    const kind = String(item.gsi3sk).split('#')[0] as DayActivity['kind'];
    return {
      kind,
      status: item.status as string | undefined,
      price: item.price,
      unitPrice: item.unitPrice,
      qty: item.qty,
      amount: item.amount,
      automatic: (item.delivery as { state?: string } | undefined)?.state === 'delivered',
      paidAt: item.paidAt,
      completedAt: item.completedAt,
    } as DayActivity;
  });
}
