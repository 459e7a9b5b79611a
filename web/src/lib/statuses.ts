import type { DeliveryState, WireStatus } from '@contract/wire';
import type { FormValues } from './api';
import { swrFetcher } from './api';

/**
 * Words inside, digits at the edge: the wire carries a status as "0", "1" or "2"
 * (@contract/wire), and the web turns it into the owning area's word here, once, as the answer
 * is read. Components compare words; a status that goes back out (a list's `?status=` in a URL
 * or an API path) is turned back into its digit here too.
 */

/** A plan order's status (the server's `OrderStatus`). */
export type OrderStatus = 'pending' | 'completed' | 'refunded';

/** A wallet top-up request's status (the server's `WalletRequestStatus`). */
export type TopUpStatus = 'pending' | 'completed' | 'cancelled';

/** Where a gateway payment stands (the server's `PaymentState`): paid is `completed`, not completed is `cancelled`. */
export type PaymentStatus = 'pending' | 'completed' | 'cancelled';

/** Any of the three: what a status badge shows. */
export type StatusWord = OrderStatus | TopUpStatus | PaymentStatus;

const orderWords = { '0': 'pending', '1': 'completed', '2': 'refunded' } as const satisfies Record<WireStatus, OrderStatus>;
const topUpWords = { '0': 'pending', '1': 'completed', '2': 'cancelled' } as const satisfies Record<WireStatus, TopUpStatus>;
const paymentWords = { '0': 'pending', '1': 'completed', '2': 'cancelled' } as const satisfies Record<WireStatus, PaymentStatus>;

const wireOf = { pending: '0', completed: '1', refunded: '2', cancelled: '2' } as const satisfies Record<StatusWord, WireStatus>;

/** A status word's digit, for what goes back out (a URL's `?status=`, an API path). */
export const statusToWire = (status: StatusWord): WireStatus => wireOf[status];

/** The wire's row with its status as a word. */
export type Worded<Row extends { status: WireStatus }, Status extends StatusWord> = Omit<Row, 'status'> & { status: Status };

/** An order row (shop or console) as the web holds it. */
export const orderFromWire = <Row extends { status: WireStatus }>(row: Row): Worded<Row, OrderStatus> => ({
  ...row,
  status: orderWords[row.status],
});

/** A wallet top-up row (shop or console) as the web holds it. */
export const topUpFromWire = <Row extends { status: WireStatus }>(row: Row): Worded<Row, TopUpStatus> => ({
  ...row,
  status: topUpWords[row.status],
});

/** A payment's answer (verify, cancel, settle) as the web holds it. */
export const paymentFromWire = <Row extends { status: WireStatus }>(row: Row): Worded<Row, PaymentStatus> => ({
  ...row,
  status: paymentWords[row.status],
});

/** A payment's answer back in wire form (what other tabs of the shop, perhaps an older build, understand). */
export const paymentToWire = <Row extends { status: PaymentStatus }>(row: Row): Omit<Row, 'status'> & { status: WireStatus } => ({
  ...row,
  status: wireOf[row.status],
});

const isWireStatus = (value: string | null): value is WireStatus => value === '0' || value === '1' || value === '2';

/** The order status a list's URL names (?status=0|1|2); anything else is the pending one. */
export const orderStatusParam = (value: string | null): OrderStatus => orderWords[isWireStatus(value) ? value : '0'];

/** The top-up status a list's URL names (?status=0|1|2); anything else is the pending one. */
export const topUpStatusParam = (value: string | null): TopUpStatus => topUpWords[isWireStatus(value) ? value : '0'];

/**
 * An order's delivery that may move on its own (sent, or asked about after a lost answer): the
 * shopper's and the operator's order pages ask again until it settles. (Its states are words on
 * the wire already.)
 */
export const isDeliveryUnderWay = (state: DeliveryState) => state === 'delivering' || state === 'unknown';

/** A list's mapping from the one of its rows. */
export const eachFromWire =
  <Row, Data>(fromWire: (row: Row) => Data) =>
  (rows: Row[]): Data[] =>
    rows.map(fromWire);

/** An SWR fetcher that reads like the global one and hands the answer over in words. */
export const readWith =
  <Wire, Data>(fromWire: (wire: Wire) => Data) =>
  async (key: string | readonly [string, FormValues]): Promise<Data> =>
    fromWire(await swrFetcher<Wire>(key));
