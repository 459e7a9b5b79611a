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

/** The attributes of a plan order or a code sale that the orders' export reads (never the sealed game-account secret). */
const saleAttributes = [
  'gsi3sk',
  'orderId',
  'userId',
  'createdAt',
  'status',
  'planId',
  'planName',
  'gameName',
  'masterCategoryId',
  'price',
  'listPrice',
  'discount',
  'coupanCode',
  'paidFrom',
  'accountId',
  'receipt',
  'gatewayRefund',
  'delivery',
  'voucherId',
  'voucherName',
  'unitPrice',
  'listUnitPrice',
  'qty',
  'codes',
] as const;

/** A Dhaka day's sales as the day index holds them, as stored: plan orders (`ORDER#`) and code sales (`CODES#`), as the orders' and the vouchers' areas store them. */
export interface DaySales {
  plans: Record<string, unknown>[];
  codes: Record<string, unknown>[];
}

/**
 * A Dhaka day's plan orders and code sales, for the orders' export: one Query of gsi3 DAY#<day>
 * from `CODES#` to `ORDER#~` (the two kinds sort next to each other), only the fields it needs,
 * page after page.
 */
export async function listDaySales(day: string): Promise<DaySales> {
  const items = await queryAll(
    { index: 'gsi3', key: 'gsi3pk', value: `DAY#${day}`, sortKey: 'gsi3sk', sortBetween: ['CODES#', 'ORDER#~'] },
    saleAttributes,
  );
  const kindOf = (item: Record<string, unknown>) => String(item.gsi3sk).split('#')[0];
  return {
    plans: items.filter((item) => kindOf(item) === 'ORDER'),
    codes: items.filter((item) => kindOf(item) === 'CODES'),
  };
}

/** A Dhaka day's claims (as the orders' area stores them), for the claims' export: Query gsi3 DAY#<day>, begins_with CLAIM#, without their threads, page after page. */
export function listDayClaims(day: string): Promise<Record<string, unknown>[]> {
  return queryAll({ index: 'gsi3', key: 'gsi3pk', value: `DAY#${day}`, sortKey: 'gsi3sk', sortPrefix: 'CLAIM#' }, [
    'claimId',
    'orderId',
    'userId',
    'reason',
    'status',
    'outcome',
    'createdAt',
    'closedAt',
  ]);
}
