import { randomBytes } from 'node:crypto';
import { type PromoCode, newPromoCode } from '../../functions/promotions/rules';
import { type RunFigures, benchOrigin, combine, domain, drive, fundedBuyers } from './load';
import { median, round } from './stats';

/**
 * Promo codes under load, driven in this process against the stack's DynamoDB Local the way the
 * handlers call the services: wallet orders with one shared percent code beside orders without
 * one, and a 10-use code under 100 parallel wallet orders and 100 parallel gateway checkouts (half
 * of those held then cancelled, and the rush tried again).
 */

export interface PromotionsReport {
  /** Wallet orders with one shared code ÷ without, median of the paired rounds. */
  ratio: number;
  withCode: RunFigures;
  withoutCode: RunFigures;
  /** The control: each buyer its own code, the same items written with nothing shared. */
  ownCodes: RunFigures;
  /** One shared code ÷ a code per buyer, median of the rounds: what sharing costs (1: nothing). */
  sharedVsOwn: number;
  rounds: { withCode: RunFigures; withoutCode: RunFigures; ownCodes: RunFigures; ratio: number; sharedVsOwn: number }[];
  wallet: ExactUses;
  gateway: ExactUses & { cancelled: number; heldAfterRetry: number };
}

export interface ExactUses {
  orders: number;
  maxUses: number;
  placed: number;
  /** The code's uses as its shards count them. */
  uses: number;
  refusals: Record<string, number>;
}

const planId = 'ff-25';

async function newCode(d: Awaited<ReturnType<typeof promotionsDomain>>, fields: Partial<PromoCode>): Promise<PromoCode> {
  const code = newPromoCode(
    { code: `BENCH${randomBytes(4).toString('hex').toUpperCase()}`, kind: 'percent', value: 10, ...fields },
    new Date().toISOString(),
  );
  return d.promotions.createPromoCode('bench', code);
}

async function promotionsDomain() {
  const [base, promotions, promotionsRepo, payments] = await Promise.all([
    domain(),
    import('../../functions/promotions/service'),
    import('../../functions/promotions/repo'),
    import('../../functions/payments/service'),
  ]);
  return { ...base, promotions, promotionsRepo, payments };
}

const usesOf = async (d: Awaited<ReturnType<typeof promotionsDomain>>, code: string) =>
  (await d.promotionsRepo.listPromoCodes()).find((listed) => listed.code === code)?.uses ?? 0;

const tally = (answers: PromiseSettledResult<unknown>[]) => {
  const refusals: Record<string, number> = {};
  for (const answer of answers)
    if (answer.status === 'rejected') {
      const message = answer.reason instanceof Error ? answer.reason.message : String(answer.reason);
      refusals[message] = (refusals[message] ?? 0) + 1;
    }
  return { placed: answers.filter((answer) => answer.status === 'fulfilled').length, refusals };
};

export async function measurePromotions(options: { buyers: number; seconds: number; rounds: number; log: (line: string) => void }) {
  const { log } = options;
  const d = await promotionsDomain();
  const plan = d.catalogRepo.planFromItem((await d.db.batchGet([d.catalogRepo.planKey(planId)]))[0]!);
  // One code every buyer shares, with no limit that the run could reach: each order counts a use on one of its shards.
  const shared = await newCode(d, { perPerson: 1_000_000 });
  // The control: a code of its own for each buyer (the same kind and value), so nothing is shared.
  const own = await Promise.all(Array.from({ length: options.buyers }, () => newCode(d, { perPerson: 1_000_000 })));
  const total = plan.price - Math.floor((plan.price * shared.value) / 100);
  const buyers = await fundedBuyers(d, options.buyers, 1_000_000, 'promo');
  const order = (worker: number, coupanCode?: string) =>
    d.orders.placeWalletOrder(
      buyers[worker]!,
      {
        planId,
        price: coupanCode ? total : plan.price,
        saccount_id: `${100000000 + worker}`,
        coupanCode,
      },
      benchOrigin(worker),
    );

  const rounds: PromotionsReport['rounds'] = [];
  for (let round_ = 1; round_ <= options.rounds; round_ += 1) {
    const run = async (codeOf: (worker: number) => string | undefined) =>
      (
        await drive(buyers.length, { seconds: options.seconds }, async (worker) => {
          await order(worker, codeOf(worker));
          return {};
        })
      ).figures;
    const withoutCode = await run(() => undefined);
    const withCode = await run(() => shared.code);
    const ownCodes = await run((worker) => own[worker]!.code);
    const ratio = round(withCode.requestsPerSecond / withoutCode.requestsPerSecond, 3);
    const sharedVsOwn = round(withCode.requestsPerSecond / ownCodes.requestsPerSecond, 3);
    rounds.push({ withCode, withoutCode, ownCodes, ratio, sharedVsOwn });
    log(
      `promotions round ${round_}: without a code ${withoutCode.requestsPerSecond}/s, with one shared code ${withCode.requestsPerSecond}/s, ratio ${ratio}; a code per buyer ${ownCodes.requestsPerSecond}/s (shared ÷ own ${sharedVsOwn})`,
    );
  }

  // A 10-use code, 100 wallet orders at once.
  const tenUses = await newCode(d, { kind: 'fixed', value: 2, maxUses: 10 });
  const rushers = await fundedBuyers(d, 100, 100, 'promorush');
  const walletAnswers = await Promise.allSettled(
    rushers.map((buyer, i) =>
      d.orders.placeWalletOrder(
        buyer,
        { planId, price: plan.price - 2, saccount_id: `${200000000 + i}`, coupanCode: tenUses.code },
        benchOrigin(i),
      ),
    ),
  );
  const wallet: ExactUses = { orders: 100, maxUses: 10, ...tally(walletAnswers), uses: await usesOf(d, tenUses.code) };
  log(`promotions wallet rush: ${wallet.placed} placed, ${wallet.uses} uses of 10`);

  // A 10-use code, 100 gateway checkouts at once; half of those that hold a use are cancelled, then 100 more rush in.
  const gatewayCode = await newCode(d, { kind: 'fixed', value: 2, maxUses: 10 });
  const payers = await fundedBuyers(d, 200, 0, 'promogw');
  const checkout = (i: number) =>
    d.orders.startGatewayOrder(
      payers[i]!,
      { planId, price: plan.price - 2, saccount_id: `${300000000 + i}`, coupanCode: gatewayCode.code },
      benchOrigin(i),
    );
  const firstRush = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => checkout(i)));
  const held = firstRush.flatMap((answer, i) => (answer.status === 'fulfilled' ? [{ i, orderId: answer.value.orderId }] : []));
  const toCancel = held.slice(0, Math.floor(held.length / 2));
  await Promise.all(toCancel.map(({ i, orderId }) => d.payments.cancelPayment({ kind: 'order', id: orderId }, payers[i]!.id)));
  const secondRush = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => checkout(100 + i)));
  const gateway = {
    orders: 200,
    maxUses: 10,
    ...tally([...firstRush, ...secondRush]),
    cancelled: toCancel.length,
    heldAfterRetry: tally(secondRush).placed,
    uses: await usesOf(d, gatewayCode.code),
  };
  log(
    `promotions gateway rush: ${held.length} held, ${gateway.cancelled} cancelled, ${gateway.heldAfterRetry} held on retry, ${gateway.uses} uses of 10`,
  );

  return {
    ratio: round(median(rounds.map((r) => r.ratio)), 3),
    withCode: combine(rounds.map((r) => r.withCode)),
    withoutCode: combine(rounds.map((r) => r.withoutCode)),
    ownCodes: combine(rounds.map((r) => r.ownCodes)),
    sharedVsOwn: round(median(rounds.map((r) => r.sharedVsOwn)), 3),
    rounds,
    wallet,
    gateway,
  } satisfies PromotionsReport;
}
