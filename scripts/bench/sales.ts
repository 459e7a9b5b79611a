import { randomBytes, randomInt } from 'node:crypto';
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactionItem } from '../../functions/shared/transactions';
import type { ActiveUser } from '../../functions/users/active-user';
import type { CodeCandidate, Voucher } from '../../functions/vouchers/repo';
import { type Domain, type RunFigures, benchOrigin, combine, domain, drive, fundedBuyers } from './load';
import { mean, median, round } from './stats';

/**
 * Voucher sales and plan orders driven in this process against the stack's DynamoDB Local, the
 * way the handlers call them (`buyCodes`, `placeWalletOrder` with a checked user), next to a raw
 * TransactWriteItems of the very same items (no reads, no retries) on the same database.
 */

export interface SaleFigures extends RunFigures {
  /** Mean attempts per completed sale (1 = no retry), and how many needed more than one. */
  attemptsPerSale: number;
  retriedSales: number;
  maxAttempts: number;
  /** "Out of stock" answers while the voucher held far more codes than the buyers wanted. */
  falseOutOfStock: number;
  stockBefore: number;
  stockAfter: number;
}

export interface PairedFigures<T extends RunFigures> {
  service: T;
  raw: RunFigures;
  /** service req/s ÷ raw req/s, median of the paired rounds. */
  ratio: number;
  rounds: { service: T; raw: RunFigures; ratio: number }[];
  /** What the raw transaction holds. */
  rawItems: string[];
}

export interface RaceFigures {
  buyers: number;
  codes: number;
  sold: number;
  distinctCodes: number;
  outOfStock: number;
  otherFailures: Record<string, number>;
  stockAfter: number;
  /** Buyers whose wallet changed although they got nothing, or did not although they got a code. */
  walletMismatches: number;
}

/**
 * What writing the reports' aggregates costs the sale's path (decision 0023): its one report event
 * Put in the sale's transaction (the consumer that sums them runs in its own function). The raw
 * transaction with the event against the same without it, in turn.
 */
export interface ReportCost {
  /** with ÷ without, orders per second, median of the paired rounds. */
  ratio: number;
  rounds: { without: RunFigures; with: RunFigures; ratio: number }[];
}

export interface SalesReport {
  voucherSale: PairedFigures<SaleFigures>;
  planOrder: PairedFigures<RunFigures>;
  /** The report event's cost on the code sale's and the plan order's transaction. */
  reportCost: { voucherSale: ReportCost; planOrder: ReportCost };
  race: RaceFigures;
  codesUploaded: number;
  uploadSeconds: number;
}

export interface SalesOptions {
  buyers: number;
  seconds: number;
  rounds: number;
  codes: number;
  raceBuyers: number;
  raceCodes: number;
  log: (line: string) => void;
}

const price = 100;
const planId = 'ff-25';
const playerId = '123456789';

/** A voucher of its own in the seeded Google Play brand. */
async function newVoucher(d: Domain, label: string): Promise<Voucher> {
  const voucher: Voucher = {
    id: `bench-${label}-${randomBytes(3).toString('hex')}`,
    masterCategoryId: 'google-play',
    name: `Bench voucher ${label}`,
    image: '/images/voucher-gp-500.svg',
    price,
    description: '<p>Bench</p>',
    position: 950,
  };
  await d.vouchers.saveVoucher(voucher, undefined);
  return voucher;
}

/**
 * Puts `count` codes into a voucher's inventory fast: the very items an upload writes (each
 * code's claim and the code, from `addCodeItems`), sent with BatchWriteItem instead of 45-code
 * transactions (the codes are new, so their conditions cannot fail), then the stock shards' counts.
 */
async function stockCodesFast(d: Domain, voucherId: string, count: number): Promise<void> {
  const codes = Array.from({ length: count }, (_, i) => {
    const code = `BENCH-${voucherId.toUpperCase()}-${i}-${randomBytes(4).toString('hex')}`;
    return { code, hash: d.inventory.codeHash(code), codeId: d.ids.randomId(12), shard: randomInt(d.voucherRepo.stockShards) };
  });
  const items = d.voucherRepo.addCodeItems(voucherId, codes, new Date().toISOString());
  const puts = items.flatMap((item) => (item.Put ? [{ PutRequest: { Item: item.Put.Item } }] : []));
  const updates = items.flatMap((item) => (item.Update ? [item.Update] : []));
  const batches = Array.from({ length: Math.ceil(puts.length / 25) }, (_, i) => puts.slice(i * 25, i * 25 + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let pending = batches[next++]!;
        for (let attempt = 0; pending.length > 0; attempt += 1) {
          if (attempt > 10) throw new Error('BatchWriteItem kept leaving items unprocessed');
          const { UnprocessedItems } = await d.db.db.send(new BatchWriteCommand({ RequestItems: { [d.db.tableName]: pending } }));
          pending = (UnprocessedItems?.[d.db.tableName] ?? []) as typeof pending;
        }
      }
    }),
  );
  for (const update of updates) await d.db.db.send(new UpdateCommand(update as ConstructorParameters<typeof UpdateCommand>[0]));
}

/** Up to `count` of a voucher's unsold codes, in key order. */
async function unsoldCodes(d: Domain, voucherId: string, count: number): Promise<CodeCandidate[]> {
  const found: CodeCandidate[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await d.db.db.send(
      new QueryCommand({
        TableName: d.db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `VOUCHER#${voucherId}`, ':prefix': 'CODE#' },
        ExclusiveStartKey: startKey,
        Limit: Math.min(5000, count - found.length),
      }),
    );
    for (const item of page.Items ?? []) found.push({ codeId: String(item.codeId), code: String(item.code), shard: Number(item.shard) });
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length < count);
  return found;
}

/** The runs without and with the report event, the first one first in odd rounds and second in even ones (the table grows as they run). */
async function inTurn<T>(round_: number, without: () => Promise<T>, with_: () => Promise<T>): Promise<{ without: T; with: T }> {
  if (round_ % 2 === 1) {
    const first = await without();
    return { without: first, with: await with_() };
  }
  const first = await with_();
  return { with: first, without: await without() };
}

const reportCostRound = (without: RunFigures, with_: RunFigures) => ({
  without,
  with: with_,
  ratio: round(with_.requestsPerSecond / without.requestsPerSecond, 3),
});

export async function measureSales(options: SalesOptions): Promise<SalesReport> {
  const d = await domain();
  const { log } = options;

  // Buyers (each their own account, funded for every sale of every round) and the voucher.
  const buyers = await fundedBuyers(d, options.buyers, 10_000_000, 'buyer');
  const voucher = await newVoucher(d, 'sale');
  const uploadStarted = performance.now();
  await stockCodesFast(d, voucher.id, options.codes);
  const uploadSeconds = round((performance.now() - uploadStarted) / 1000, 1);
  log(`${options.buyers} funded buyers; ${options.codes} codes uploaded in ${uploadSeconds} s`);
  const plan = await d.catalogRepo.getPlan(planId);
  if (!plan) throw new Error(`The seeded plan ${planId} is missing`);

  // The raw transactions: exactly the items the services write, built from what they would have read.
  const rawVoucherItems = (user: ActiveUser, wallet: { balance: number; version: number }, code: CodeCandidate, reported = true) => {
    const { id, createdAt } = d.ids.creationStamp();
    const order = {
      orderId: id,
      userId: user.id,
      voucherId: voucher.id,
      voucherName: voucher.name,
      unitPrice: voucher.price,
      qty: 1,
      codes: [code.code],
      createdAt,
    };
    const change = d.money.changeBalance(wallet, -voucher.price, 'voucher-order', order.orderId);
    const items: TransactionItem[] = [
      ...d.voucherRepo.claimCodeItems(voucher.id, [code]),
      ...d.walletRepo.balanceChangeItems(user.id, change, order.createdAt),
      d.voucherRepo.newVoucherOrderItem(order),
      d.activeUserCheckItem(user),
      d.contentRepo.shopOpenCheckItem(),
      d.voucherRepo.voucherPriceCheckItem(voucher),
      ...(reported ? [d.codeSaleEventItem(order, voucher.masterCategoryId, 'wallet', order.createdAt)] : []),
    ];
    return { items, after: change.after };
  };
  const rawPlanItems = (user: ActiveUser, wallet: { balance: number; version: number }, reported = true) => {
    const { id, createdAt: now } = d.ids.creationStamp();
    const order = {
      orderId: id,
      userId: user.id,
      planId: plan.id,
      planName: plan.name,
      groupName: plan.groupName,
      gameName: plan.gameName,
      masterCategoryId: plan.masterCategoryId,
      price: plan.price,
      paidFrom: 'wallet' as const,
      status: 'pending' as const,
      accountType: '',
      accountId: playerId,
      remark: '',
      createdAt: now,
      paidAt: now,
    };
    const change = d.money.changeBalance(wallet, -plan.price, 'plan-order', order.orderId);
    const items: TransactionItem[] = [
      ...d.walletRepo.balanceChangeItems(user.id, change, now),
      d.orderRepo.newOrderItem(order),
      ...d.rememberedPlayerIdItems(order),
      d.activeUserCheckItem(user),
      d.contentRepo.shopOpenCheckItem(),
      d.catalogRepo.planOnSaleCheckItem(plan),
      ...(reported ? [d.planSaleEventItem(order, 'wallet', now)] : []),
    ];
    return { items, after: change.after };
  };
  const describe = (items: TransactionItem[]) =>
    items.map((item) => {
      const [kind, body] = Object.entries(item)[0]! as [string, { Key?: Record<string, unknown>; Item?: Record<string, unknown> }];
      const key = body.Key ?? body.Item!;
      return `${kind} ${String(key.pk).replace(/#.*/, '#…')} / ${String(key.sk).replace(/#[^#]*$/, '#…')}`;
    });

  /** A raw round: each buyer writes its transactions one after another, tracking its own wallet. */
  const rawRound = async (
    build: (
      user: ActiveUser,
      wallet: { balance: number; version: number },
      worker: number,
    ) => { items: TransactionItem[]; after: { balance: number; version: number } },
  ) => {
    const wallets = await Promise.all(buyers.map((buyer) => d.walletRepo.getWallet(buyer.id)));
    return drive(buyers.length, { seconds: options.seconds }, async (worker) => {
      const { items, after } = build(buyers[worker]!, wallets[worker]!, worker);
      await d.transactions.transact(items);
      wallets[worker] = after;
      return {};
    });
  };

  // Voucher sales: raw without the report event, raw, then the service, in turn.
  const saleRounds: PairedFigures<SaleFigures>['rounds'] = [];
  const saleReportRounds: ReportCost['rounds'] = [];
  let rawSaleItems: string[] = [];
  for (let round_ = 1; round_ <= options.rounds; round_ += 1) {
    // Enough unsold codes for the two raw rounds at twice the throughput DynamoDB Local has shown here.
    const pool = await unsoldCodes(d, voucher.id, Math.ceil(options.seconds * 3000));
    let nextCode = 0;
    const rawSale = (reported: boolean) =>
      rawRound((user, wallet) => {
        const code = pool[nextCode++];
        if (!code) throw new Error('Raw pool exhausted');
        const built = rawVoucherItems(user, wallet, code, reported);
        if (reported && rawSaleItems.length === 0) rawSaleItems = describe(built.items);
        return built;
      });
    const { without: unreported, with: raw } = await inTurn(
      round_,
      () => rawSale(false),
      () => rawSale(true),
    );
    saleReportRounds.push(reportCostRound(unreported.figures, raw.figures));
    const stockBefore = await d.voucherRepo.stockOf(voucher.id);
    const service = await drive(buyers.length, { seconds: options.seconds }, async (worker) => {
      const { attempts } = await d.vouchers.buyCodes(buyers[worker]!, voucher.id, 1, benchOrigin(worker));
      return { attempts };
    });
    const stockAfter = await d.voucherRepo.stockOf(voucher.id);
    const sale: SaleFigures = {
      ...service.figures,
      attemptsPerSale: round(mean(service.attempts), 3),
      retriedSales: service.attempts.filter((attempts) => attempts > 1).length,
      maxAttempts: Math.max(0, ...service.attempts),
      falseOutOfStock: service.figures.failures['Out of stock'] ?? 0,
      stockBefore,
      stockAfter,
    };
    const ratio = round(sale.requestsPerSecond / raw.figures.requestsPerSecond, 3);
    saleRounds.push({ service: sale, raw: raw.figures, ratio });
    log(
      `voucher sale round ${round_}: raw ${raw.figures.requestsPerSecond}/s (p99 ${raw.figures.p99Ms} ms), buyCodes ${sale.requestsPerSecond}/s ` +
        `(p99 ${sale.p99Ms} ms, ${sale.attemptsPerSale} attempts/sale, ${sale.falseOutOfStock} out of stock), ratio ${ratio}`,
    );
  }
  const saleService = combine(saleRounds.map((r) => r.service));
  const allAttempts = saleRounds.reduce((sum, r) => sum + r.service.attemptsPerSale * r.service.completed, 0);
  const voucherSale: PairedFigures<SaleFigures> = {
    service: {
      ...saleService,
      attemptsPerSale: round(allAttempts / Math.max(1, saleService.completed), 3),
      retriedSales: saleRounds.reduce((sum, r) => sum + r.service.retriedSales, 0),
      maxAttempts: Math.max(...saleRounds.map((r) => r.service.maxAttempts)),
      falseOutOfStock: saleRounds.reduce((sum, r) => sum + r.service.falseOutOfStock, 0),
      stockBefore: saleRounds[0]!.service.stockBefore,
      stockAfter: saleRounds.at(-1)!.service.stockAfter,
    },
    raw: combine(saleRounds.map((r) => r.raw)),
    ratio: round(median(saleRounds.map((r) => r.ratio)), 3),
    rounds: saleRounds,
    rawItems: rawSaleItems,
  };

  // Plan orders from the wallet: raw without the report event, raw, then the service, in turn.
  const planRounds: PairedFigures<RunFigures>['rounds'] = [];
  const planReportRounds: ReportCost['rounds'] = [];
  let rawOrderItems: string[] = [];
  for (let round_ = 1; round_ <= options.rounds; round_ += 1) {
    const { without: unreported, with: raw } = await inTurn(
      round_,
      () => rawRound((user, wallet) => rawPlanItems(user, wallet, false)),
      () =>
        rawRound((user, wallet) => {
          const built = rawPlanItems(user, wallet);
          if (rawOrderItems.length === 0) rawOrderItems = describe(built.items);
          return built;
        }),
    );
    planReportRounds.push(reportCostRound(unreported.figures, raw.figures));
    const service = await drive(buyers.length, { seconds: options.seconds }, async (worker) => {
      await d.orders.placeWalletOrder(buyers[worker]!, { planId: plan.id, price: plan.price, saccount_id: playerId }, benchOrigin(worker));
      return {};
    });
    const ratio = round(service.figures.requestsPerSecond / raw.figures.requestsPerSecond, 3);
    planRounds.push({ service: service.figures, raw: raw.figures, ratio });
    log(
      `plan order round ${round_}: raw ${raw.figures.requestsPerSecond}/s (p99 ${raw.figures.p99Ms} ms), placeWalletOrder ${service.figures.requestsPerSecond}/s (p99 ${service.figures.p99Ms} ms), ratio ${ratio}`,
    );
  }
  const planOrder: PairedFigures<RunFigures> = {
    service: combine(planRounds.map((r) => r.service)),
    raw: combine(planRounds.map((r) => r.raw)),
    ratio: round(median(planRounds.map((r) => r.ratio)), 3),
    rounds: planRounds,
    rawItems: rawOrderItems,
  };

  // The race: more buyers than codes, all at once, each able to pay for one code.
  const raceVoucher = await newVoucher(d, 'race');
  await d.vouchers.addCodes(
    raceVoucher.id,
    d.inventory.parseCodes(Array.from({ length: options.raceCodes }, (_, i) => `RACE-${raceVoucher.id.toUpperCase()}-${i}`).join('\n'))
      .codes,
  );
  const racers = await fundedBuyers(d, options.raceBuyers, price, 'racer');
  const answers = await Promise.allSettled(racers.map((racer, i) => d.vouchers.buyCodes(racer, raceVoucher.id, 1, benchOrigin(i))));
  const sold = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value.order.codes : []));
  const otherFailures: Record<string, number> = {};
  let outOfStock = 0;
  for (const answer of answers) {
    if (answer.status === 'fulfilled') continue;
    const message = answer.reason instanceof Error ? answer.reason.message : String(answer.reason);
    if (message === 'Out of stock') outOfStock += 1;
    else otherFailures[message] = (otherFailures[message] ?? 0) + 1;
  }
  const balances = await Promise.all(racers.map((racer) => d.walletRepo.getWallet(racer.id)));
  const walletMismatches = balances.filter((wallet, i) => wallet.balance !== (answers[i]!.status === 'fulfilled' ? 0 : price)).length;
  const race: RaceFigures = {
    buyers: options.raceBuyers,
    codes: options.raceCodes,
    sold: sold.length,
    distinctCodes: new Set(sold).size,
    outOfStock,
    otherFailures,
    stockAfter: await d.voucherRepo.stockOf(raceVoucher.id),
    walletMismatches,
  };
  log(
    `race: ${race.buyers} buyers for ${race.codes} codes sold ${race.sold} (${race.distinctCodes} distinct), ${race.outOfStock} out of stock, stock left ${race.stockAfter}`,
  );

  const reportCost = {
    voucherSale: { ratio: round(median(saleReportRounds.map((r) => r.ratio)), 3), rounds: saleReportRounds },
    planOrder: { ratio: round(median(planReportRounds.map((r) => r.ratio)), 3), rounds: planReportRounds },
  };
  log(
    `report event on the sale's path: code sales ${reportCost.voucherSale.ratio}×, plan orders ${reportCost.planOrder.ratio}× (with ÷ without)`,
  );
  return { voucherSale, planOrder, reportCost, race, codesUploaded: options.codes, uploadSeconds };
}
