import { randomBytes, randomInt } from 'node:crypto';
import type { RequestOrigin } from '../../functions/risk/service';
import type { ActiveUser } from '../../functions/users/active-user';
import { median, percentile, round } from './stats';

/**
 * What the bench's load sections (sales, delivery) share: the shop's domain modules, funded
 * buyers, and the loops that keep a number of buyers busy.
 */

/**
 * The domain modules the load sections call in this process, reaching the stack's DynamoDB Local
 * as its own functions do. Imported only once the environment points them at the stack
 * (`domainEnvironment`, set by index.ts after the stack started).
 */
export async function domain() {
  const [
    transactions,
    db,
    users,
    accounts,
    wallet,
    walletRepo,
    vouchers,
    voucherRepo,
    inventory,
    orders,
    orderRepo,
    catalogRepo,
    catalog,
    contentRepo,
    ids,
    money,
  ] = await Promise.all([
    import('../../functions/shared/transactions'),
    import('../../functions/shared/db'),
    import('../../functions/users/active-user'),
    import('../../functions/auth/service/accounts'),
    import('../../functions/wallet/service'),
    import('../../functions/wallet/repo'),
    import('../../functions/vouchers/service'),
    import('../../functions/vouchers/repo'),
    import('../../functions/vouchers/inventory'),
    import('../../functions/orders/service'),
    import('../../functions/orders/repo'),
    import('../../functions/catalog/repo'),
    import('../../functions/catalog/service'),
    import('../../functions/content/repo'),
    import('../../functions/shared/ids'),
    import('../../functions/wallet/money'),
  ]);
  const { activeUserCheckItem } = await import('../../functions/users/repo');
  const { rememberedPlayerIdItems } = await import('../../functions/orders/player-id-repo');
  const { planSaleEventItem } = await import('../../functions/orders/report-events');
  const { codeSaleEventItem } = await import('../../functions/vouchers/report-events');
  return {
    transactions,
    db,
    users,
    accounts,
    wallet,
    walletRepo,
    vouchers,
    voucherRepo,
    inventory,
    orders,
    orderRepo,
    catalogRepo,
    catalog,
    contentRepo,
    ids,
    money,
    activeUserCheckItem,
    rememberedPlayerIdItems,
    planSaleEventItem,
    codeSaleEventItem,
  };
}
export type Domain = Awaited<ReturnType<typeof domain>>;

export interface RunFigures {
  seconds: number;
  concurrency: number;
  completed: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than a success, by message. */
  failures: Record<string, number>;
}

/** Where a bench buyer's request comes from, as a handler passes it: an address per worker (TEST-NET-2), no device id. */
export const benchOrigin = (worker: number): RequestOrigin => ({ clientIp: `198.51.100.${worker % 250}`, deviceId: '' });

/** A buyer: a fresh account with a funded wallet, checked as the handler stack checks a session. */
export async function fundedBuyers(d: Domain, count: number, balance: number, label: string): Promise<ActiveUser[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const tag = randomBytes(5).toString('hex');
      const user = await d.accounts.createAccount({
        name: `Bench ${label} ${i}`,
        email: `bench.${label}.${tag}@example.com`,
        mobileNo: `01${randomInt(3, 10)}${String(randomInt(0, 1e8)).padStart(8, '0')}`,
      });
      if (balance > 0) await d.wallet.adjustBalance(user.id, balance, 'adjustment', 'bench-funding');
      return d.users.requireActiveUser({ userId: user.id, tokenVersion: user.tokenVersion });
    }),
  );
}

export interface Outcome {
  attempts?: number;
}

/** When a driven run ends: after `seconds`, or once `operations` have been started, whichever comes first. */
export interface RunLimit {
  seconds: number;
  operations?: number;
}

/**
 * `workers` loops, one per buyer, each running `operation` again and again until the limit is
 * reached; each operation's latency (all of them, for pooled percentiles) and answer are kept.
 * `n` numbers the operations in the order they start.
 */
export async function drive(workers: number, limit: RunLimit, operation: (worker: number, n: number) => Promise<Outcome>) {
  const latencies: number[] = [];
  const attempts: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + limit.seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline && next < (limit.operations ?? Number.POSITIVE_INFINITY)) {
        const begun = performance.now();
        const n = next++;
        try {
          const outcome = await operation(worker, n);
          latencies.push(performance.now() - begun);
          if (outcome.attempts !== undefined) attempts.push(outcome.attempts);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures[message] = (failures[message] ?? 0) + 1;
          if (message === 'Raw pool exhausted') return;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const figures: RunFigures = {
    seconds: round(elapsed, 2),
    concurrency: workers,
    completed: latencies.length,
    requestsPerSecond: round(latencies.length / elapsed, 1),
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(Math.max(...latencies), 1),
    failures,
  };
  return { figures, attempts, latencies };
}

const medianRun = <T extends RunFigures>(runs: T[]): T => {
  const byThroughput = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return byThroughput[Math.floor((byThroughput.length - 1) / 2)]!;
};

/** Sums the figures of paired rounds into one: req/s and latency as medians, counts as totals. */
export function combine<T extends RunFigures>(runs: T[]): T {
  const failures: Record<string, number> = {};
  for (const run of runs) for (const [message, count] of Object.entries(run.failures)) failures[message] = (failures[message] ?? 0) + count;
  return {
    ...medianRun(runs),
    seconds: round(
      runs.reduce((sum, run) => sum + run.seconds, 0),
      2,
    ),
    completed: runs.reduce((sum, run) => sum + run.completed, 0),
    requestsPerSecond: round(median(runs.map((run) => run.requestsPerSecond)), 1),
    p50Ms: round(median(runs.map((run) => run.p50Ms)), 1),
    p99Ms: round(median(runs.map((run) => run.p99Ms)), 1),
    maxMs: Math.max(...runs.map((run) => run.maxMs)),
    failures,
  };
}
