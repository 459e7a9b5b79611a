import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderDetail, OrderRow } from '../../functions/contract/wire';
import type { RunningStack } from '../local/domain-env';
import { type Domain, type RunFigures, combine, domain, drive, fundedBuyers } from './load';
import { median, percentile, round } from './stats';

/**
 * Automatic delivery measured on the bench's stack, through its API as a shopper's browser calls
 * it (wallet orders, order pages) and as the supplier calls it (signed callbacks): how long from
 * the request to a delivered order, what delivering costs in orders per second against a manual
 * order, and whether every order is delivered exactly once when answers are lost and callbacks
 * replayed, and takes exactly one code when it is delivered from stock.
 */

/** The seeded plans (scripts/local/seed.ts): one delivered through the supplier, one left to the operators. */
const supplierPlan = { id: 'ff-100-instant', price: 75 };
const manualPlan = { id: 'ff-25', price: 22 };
/** Signed callbacks the bench sends for each pending order, all at once, beside the supplier's own. */
const replaysPerOrder = 5;
/** When the fake supplier sends its own callback for a pending order (its callbackDelayMs). */
const supplierCallbackMs = 3000;
/** How long an order of the throughput runs may take to show delivered, and an order of the lost/pending run. */
const inlineDeliveryTimeoutMs = 30_000;
const eventualDeliveryTimeoutMs = 300_000;

export interface PaidToDelivered {
  mode: 'supplier' | 'stock';
  planId: string;
  /** The runs combined (orders/s and latency as medians of the rounds, counts as totals). */
  run: RunFigures;
  /** Orders delivered, and of those the ones whose wallet order answer already said delivered. */
  delivered: number;
  deliveredInAnswer: number;
  /** Request start → the shopper sees it delivered, over every order of every round. */
  clientP50Ms: number;
  clientP99Ms: number;
  clientMaxMs: number;
  /** The order's own paidAt → completedAt, read from the table afterwards. */
  serverP50Ms: number;
  serverP99Ms: number;
  serverMaxMs: number;
}

export interface LostAndReplayed {
  orders: number;
  /** Orders whose first answer was lost (player ID ending 7) and that were pending (ending 9). */
  lost: number;
  pending: number;
  replaysPerPending: number;
  /** Replayed callbacks sent, and how many the webhook answered 200. */
  replaysSent: number;
  replaysAccepted: number;
  delivered: number;
  refunded: number;
  /** Orders the supplier has no record of. */
  unknownToSupplier: number;
  supplierDeliveries: number;
  /** What the supplier was sent for these orders: the first call and every inquiry. */
  supplierPosts: number;
  deliveriesPerOrder: number;
  /** Refund ledger entries of these orders, and of every bench buyer over the whole section. */
  refundEntries: number;
  refundEntriesAllOrders: number;
  /** Request start → delivered as the shopper's order page shows it (asked every second from the order's answer on), by kind. */
  lostDeliveredMs: { p50: number; max: number };
  pendingDeliveredMs: { p50: number; max: number };
  /** Supplier calls per order (the send and the inquiries), as the order records them. */
  attemptsPerOrder: { mean: number; max: number };
  failures: Record<string, number>;
  waitedSeconds: number;
}

export interface CodesClaimed {
  voucherId: string;
  planId: string;
  codesUploaded: number;
  uploadSeconds: number;
  stockBefore: number;
  stockAfter: number;
  deliveredOrders: number;
  distinctCodes: number;
  codesPerOrder: number;
}

export interface DeliveryReport {
  buyers: number;
  rounds: number;
  /** Whether the stack ran the delivery job faster than its default (every 15 s, first inquiry after 15 s). */
  jobTuning: Record<string, string>;
  paidToDelivered: PaidToDelivered[];
  /** The supplier plan's wallet order against the manual one, in turn, the same buyers and duration. */
  throughput: {
    manualPlanId: string;
    supplier: RunFigures;
    manual: RunFigures;
    /** supplier orders/s ÷ manual orders/s, median of the paired rounds. */
    ratio: number;
    rounds: { supplier: RunFigures; manual: RunFigures; ratio: number }[];
  };
  lostAndReplayed: LostAndReplayed;
  codes: CodesClaimed;
}

export interface DeliveryOptions {
  stack: Pick<RunningStack, 'url' | 'supplierUrl' | 'supplierCredentials'>;
  jobTuning: Record<string, string>;
  buyers: number;
  seconds: number;
  rounds: number;
  /** Orders with lost answers and pending ones (half each). */
  orders: number;
  /** Codes given to the stock plan's fresh voucher; stock orders stop there. */
  codes: number;
  log: (line: string) => void;
}

/** A Free Fire player ID (10 digits) ending in `digit`: the fake supplier's behaviour. */
const playerEndingIn = (digit: number) => `${randomInt(1e8, 1e9)}${digit}`;

/** The shop's API as a shopper's browser calls it: through the stack's front door, with the session token. */
function shopperApi(baseUrl: string, token: string) {
  const call = async <T>(path: string, form?: Record<string, string | number>) => {
    const answer = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { authorization: token },
      body: form ? new URLSearchParams(Object.entries(form).map(([name, value]) => [name, String(value)])) : undefined,
    });
    const body = (await answer.json().catch(() => ({}))) as { data?: T; message?: string };
    if (!answer.ok) throw new Error(`${answer.status} ${body.message ?? ''}`.trim());
    return body.data as T;
  };
  return {
    order: (plan: { id: string; price: number }, playerId: string) =>
      call<OrderRow>('/user/request/', { plan_id: plan.id, saccount_id: playerId, paid_from_wallet: plan.price }),
    detail: (orderId: string) => call<OrderDetail>(`/user/order/${orderId}`),
  };
}
type ShopperApi = ReturnType<typeof shopperApi>;

/**
 * Asks for the order until it shows delivered, every `intervalMs`; a delivery that failed or fell
 * back to the operators' queue, or one still open at the deadline, is an error.
 */
async function deliveredOrder(api: ShopperApi, row: OrderRow, intervalMs: number, timeoutMs: number): Promise<OrderRow> {
  const deadline = performance.now() + timeoutMs;
  let current = row;
  while (current.delivery.state !== 'delivered') {
    if (current.delivery.state === 'failed' || current.delivery.state === 'waiting')
      throw new Error(`delivery ${current.delivery.state === 'failed' ? 'failed' : 'fell back to the queue'}`);
    if (performance.now() > deadline) throw new Error(`not delivered within ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
    current = await api.detail(row.order_id);
  }
  return current;
}

/** A callback as the supplier signs it (HMAC-SHA1 of the exact body with the webhook secret); answers the webhook's status. */
async function supplierCallback(stack: DeliveryOptions['stack'], orderId: string): Promise<number> {
  const body = JSON.stringify({ data: { ref_id: orderId, status: 'Sukses', rc: '00', message: 'Transaksi Sukses', sn: '1' } });
  const signature = createHmac('sha1', stack.supplierCredentials.webhookSecret).update(body).digest('hex');
  const answer = await fetch(`${stack.url}/api/supplier/digiflazz/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature': `sha1=${signature}`, 'x-digiflazz-event': 'update' },
    body,
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** What the fake supplier recorded, by our order id (its ref_id). */
async function supplierRecords(supplierUrl: string): Promise<Map<string, { posts: number; deliveries: number }>> {
  const transactions = (await (await fetch(`${supplierUrl}/test/transactions`)).json()) as {
    ref_id: string;
    posts: number;
    deliveries: number;
  }[];
  return new Map(transactions.map((t) => [t.ref_id, t]));
}

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

/** A voucher of its own in the seeded UniPin brand with `count` codes (uploaded as an operator does, 1,000 at most at a time), and a stock plan over it. */
async function stockPlanWith(d: Domain, count: number) {
  const voucherId = `bench-up-${randomBytes(3).toString('hex')}`;
  await d.vouchers.saveVoucher(
    {
      id: voucherId,
      masterCategoryId: 'unipin',
      name: `Bench UniPin ${voucherId}`,
      image: '/images/voucher-gp-500.svg',
      price: 85,
      description: '<p>Bench</p>',
      position: 950,
    },
    undefined,
  );
  const started = performance.now();
  for (let from = 0; from < count; from += d.inventory.maxCodesPerUpload) {
    const size = Math.min(d.inventory.maxCodesPerUpload, count - from);
    const text = Array.from({ length: size }, (_, i) => `${voucherId.toUpperCase()}-${from + i}-${randomBytes(4).toString('hex')}`).join(
      '\n',
    );
    await d.vouchers.addCodes(voucherId, d.inventory.parseCodes(text).codes);
  }
  const uploadSeconds = round((performance.now() - started) / 1000, 1);
  const plan = await d.catalog.savePlan(
    {
      id: voucherId,
      groupId: 'ff-uid',
      name: `Bench stock ${voucherId}`,
      image: '/images/plan-diamond.svg',
      price: 80,
      diamonds: 100,
      status: 1,
      position: 900,
      delivery: { mode: 'stock', voucherId },
    },
    undefined,
  );
  return { voucherId, plan: { id: plan.id, price: plan.price }, uploadSeconds };
}

interface Delivered {
  userId: string;
  orderId: string;
  code: string;
  inAnswer: boolean;
}

/** paidAt → completedAt of each order as the table holds it, in ms (orders not completed are left out). */
async function serverTimes(d: Domain, orders: { userId: string; orderId: string }[]): Promise<number[]> {
  const stored = await eachLimited(orders, 16, (order) => d.orderRepo.getOrder(order.userId, order.orderId));
  return stored.flatMap((order) => (order?.completedAt ? [Date.parse(order.completedAt) - Date.parse(order.paidAt)] : []));
}

export async function measureDelivery(options: DeliveryOptions): Promise<DeliveryReport> {
  const d = await domain();
  const { log, stack } = options;

  const buyers = await fundedBuyers(d, options.buyers, 10_000_000, 'delivery');
  const apis = await Promise.all(buyers.map(async (buyer) => shopperApi(stack.url, await d.accounts.sessionTokenFor(buyer))));
  const stock = await stockPlanWith(d, options.codes);
  const stockBefore = await d.voucherRepo.stockOf(stock.voucherId);
  log(`${options.buyers} funded buyers; stock plan ${stock.plan.id} over ${stockBefore} codes (uploaded in ${stock.uploadSeconds} s)`);

  // 1 and 2: in turn each round, the manual plan, the supplier plan and the stock plan, each order until delivered.
  const automatic = {
    supplier: { runs: [] as RunFigures[], latencies: [] as number[], delivered: [] as Delivered[] },
    stock: { runs: [] as RunFigures[], latencies: [] as number[], delivered: [] as Delivered[] },
  };
  const throughputRounds: DeliveryReport['throughput']['rounds'] = [];
  let stockStarted = 0;
  const automaticRun = (mode: keyof typeof automatic, plan: { id: string; price: number }, operations?: number) =>
    drive(buyers.length, { seconds: options.seconds, operations }, async (worker) => {
      const api = apis[worker]!;
      const placed = await api.order(plan, playerEndingIn(randomInt(1, 6)));
      const delivered = await deliveredOrder(api, placed, 100, inlineDeliveryTimeoutMs);
      automatic[mode].delivered.push({
        userId: buyers[worker]!.id,
        orderId: placed.order_id,
        code: delivered.delivery.code,
        inAnswer: placed.delivery.state === 'delivered',
      });
      return {};
    });
  const manualRun = () =>
    drive(buyers.length, { seconds: options.seconds }, async (worker) => {
      await apis[worker]!.order(manualPlan, playerEndingIn(randomInt(1, 6)));
      return {};
    });
  // Untimed: one order of each of the two plans per buyer, so that no run pays for starting the stack's order functions.
  await Promise.all(
    apis.map(async (api) => {
      await api.order(manualPlan, playerEndingIn(1));
      await deliveredOrder(api, await api.order(supplierPlan, playerEndingIn(1)), 100, inlineDeliveryTimeoutMs);
    }),
  );
  for (let round_ = 1; round_ <= options.rounds; round_ += 1) {
    // The manual run first in odd rounds, the supplier run first in even ones.
    const manualFirst = round_ % 2 === 1;
    const first = manualFirst ? await manualRun() : await automaticRun('supplier', supplierPlan);
    const second = manualFirst ? await automaticRun('supplier', supplierPlan) : await manualRun();
    const [manual, supplier] = manualFirst ? [first, second] : [second, first];
    const stocked = await automaticRun('stock', stock.plan, options.codes - stockStarted);
    stockStarted += stocked.figures.completed + Object.values(stocked.figures.failures).reduce((sum, n) => sum + n, 0);
    for (const [mode, run] of [
      ['supplier', supplier],
      ['stock', stocked],
    ] as const) {
      automatic[mode].runs.push(run.figures);
      automatic[mode].latencies.push(...run.latencies);
    }
    const ratio = round(supplier.figures.requestsPerSecond / manual.figures.requestsPerSecond, 3);
    throughputRounds.push({ supplier: supplier.figures, manual: manual.figures, ratio });
    log(
      `delivery round ${round_}: manual ${manual.figures.requestsPerSecond}/s (p99 ${manual.figures.p99Ms} ms), supplier ${supplier.figures.requestsPerSecond}/s ` +
        `(p99 ${supplier.figures.p99Ms} ms), ratio ${ratio}; stock ${stocked.figures.requestsPerSecond}/s (p99 ${stocked.figures.p99Ms} ms)`,
    );
  }
  const paidToDelivered: PaidToDelivered[] = [];
  for (const [mode, planId] of [
    ['supplier', supplierPlan.id],
    ['stock', stock.plan.id],
  ] as const) {
    const { runs, latencies, delivered } = automatic[mode];
    const server = await serverTimes(d, delivered);
    paidToDelivered.push({
      mode,
      planId,
      run: combine(runs),
      delivered: delivered.length,
      deliveredInAnswer: delivered.filter((order) => order.inAnswer).length,
      clientP50Ms: round(percentile(latencies, 50), 1),
      clientP99Ms: round(percentile(latencies, 99), 1),
      clientMaxMs: round(Math.max(...latencies), 1),
      serverP50Ms: round(percentile(server, 50), 1),
      serverP99Ms: round(percentile(server, 99), 1),
      serverMaxMs: round(Math.max(...server), 1),
    });
  }

  // 3: lost answers (ending 7) and pending top-ups (ending 9), each pending one with replayed callbacks;
  // each order is watched from its answer on, as its shopper's order page would be.
  const placed: { userId: string; row: OrderRow; lost: boolean }[] = [];
  const replays: Promise<number[]>[] = [];
  const watched: Promise<{ lost: boolean; deliveredMs?: number; error?: string }>[] = [];
  const started = performance.now();
  const placing = await drive(buyers.length, { seconds: 600, operations: options.orders }, async (worker, n) => {
    const lost = n % 2 === 0;
    const api = apis[worker]!;
    const begun = performance.now();
    const row = await api.order(supplierPlan, playerEndingIn(lost ? 7 : 9));
    placed.push({ userId: buyers[worker]!.id, row, lost });
    watched.push(
      deliveredOrder(api, row, 1000, eventualDeliveryTimeoutMs).then(
        () => ({ lost, deliveredMs: performance.now() - begun }),
        (error: unknown) => ({ lost, error: error instanceof Error ? error.message : String(error) }),
      ),
    );
    if (!lost)
      replays.push(
        sleep(supplierCallbackMs).then(() =>
          Promise.all(Array.from({ length: replaysPerOrder }, () => supplierCallback(stack, row.order_id).catch(() => 0))),
        ),
      );
    return {};
  });
  const replayAnswers = (await Promise.all(replays)).flat();
  const settled = await Promise.all(watched);
  const waitedSeconds = round((performance.now() - started) / 1000, 1);
  const failures = { ...placing.figures.failures };
  for (const order of settled) if (order.error) failures[order.error] = (failures[order.error] ?? 0) + 1;
  const records = await supplierRecords(stack.supplierUrl);
  const atSupplier = placed.map((order) => records.get(order.row.order_id));
  const stored = await eachLimited(placed, 16, (order) => d.orderRepo.getOrder(order.userId, order.row.order_id));
  const ledgers = await eachLimited(buyers, 16, (buyer) => d.walletRepo.listLedger(buyer.id));
  const refunds = ledgers.flat().filter((entry) => entry.reason === 'refund');
  const placedIds = new Set(placed.map((order) => order.row.order_id));
  const deliveredMs = (lost: boolean) => {
    const times = settled.flatMap((order) => (order.lost === lost && order.deliveredMs !== undefined ? [order.deliveredMs] : []));
    return { p50: round(median(times), 0), max: round(Math.max(...times), 0) };
  };
  const attempts = stored.map((order) => order?.delivery?.attempts ?? 0);
  const supplierDeliveries = atSupplier.reduce((sum, record) => sum + (record?.deliveries ?? 0), 0);
  const lostAndReplayed: LostAndReplayed = {
    orders: placed.length,
    lost: placed.filter((order) => order.lost).length,
    pending: placed.filter((order) => !order.lost).length,
    replaysPerPending: replaysPerOrder,
    replaysSent: replayAnswers.length,
    replaysAccepted: replayAnswers.filter((status) => status === 200).length,
    delivered: stored.filter((order) => order?.status === 'completed').length,
    refunded: stored.filter((order) => order?.status === 'refunded').length,
    unknownToSupplier: atSupplier.filter((record) => !record).length,
    supplierDeliveries,
    supplierPosts: atSupplier.reduce((sum, record) => sum + (record?.posts ?? 0), 0),
    deliveriesPerOrder: round(supplierDeliveries / Math.max(1, placed.length), 3),
    refundEntries: refunds.filter((entry) => placedIds.has(entry.reference)).length,
    refundEntriesAllOrders: refunds.length,
    lostDeliveredMs: deliveredMs(true),
    pendingDeliveredMs: deliveredMs(false),
    attemptsPerOrder: {
      mean: round(attempts.reduce((sum, n) => sum + n, 0) / Math.max(1, attempts.length), 2),
      max: Math.max(0, ...attempts),
    },
    failures,
    waitedSeconds,
  };
  log(
    `lost and replayed: ${lostAndReplayed.orders} orders (${lostAndReplayed.lost} lost answers, ${lostAndReplayed.pending} pending with ${lostAndReplayed.replaysSent} replayed callbacks), ` +
      `${lostAndReplayed.delivered} delivered in ${waitedSeconds} s, ${supplierDeliveries} supplier deliveries (${lostAndReplayed.deliveriesPerOrder} per order), ${lostAndReplayed.refunded} refunded`,
  );

  // 4: codes claimed by the stock orders; read last, so that a late claim (by the job) would count.
  const stockAfter = await d.voucherRepo.stockOf(stock.voucherId);
  const stockDelivered = automatic.stock.delivered;
  const codes: CodesClaimed = {
    voucherId: stock.voucherId,
    planId: stock.plan.id,
    codesUploaded: options.codes,
    uploadSeconds: stock.uploadSeconds,
    stockBefore,
    stockAfter,
    deliveredOrders: stockDelivered.length,
    distinctCodes: new Set(stockDelivered.map((order) => order.code).filter(Boolean)).size,
    codesPerOrder: round((stockBefore - stockAfter) / Math.max(1, stockDelivered.length), 3),
  };
  log(
    `codes: ${codes.stockBefore} → ${codes.stockAfter} for ${codes.deliveredOrders} delivered stock orders (${codes.codesPerOrder} per order, ${codes.distinctCodes} distinct)`,
  );

  return {
    buyers: options.buyers,
    rounds: options.rounds,
    jobTuning: options.jobTuning,
    paidToDelivered,
    throughput: {
      manualPlanId: manualPlan.id,
      supplier: combine(throughputRounds.map((r) => r.supplier)),
      manual: combine(throughputRounds.map((r) => r.manual)),
      ratio: round(median(throughputRounds.map((r) => r.ratio)), 3),
      rounds: throughputRounds,
    },
    lostAndReplayed,
    codes,
  };
}
