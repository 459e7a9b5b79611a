import type { BundleReport } from './bundles';
import type { CpuShare } from './cpu';
import type { DeliveryReport } from './delivery';
import type { HttpReport } from './http';
import type { LighthouseReport } from './lighthouse';
import type { Machine } from './machine';
import type { PromotionsReport } from './promotions';
import type { SalesReport } from './sales';
import type { SpaReport } from './spa';
import { kib, round } from './stats';

export interface BenchResults {
  machine: Machine;
  command: string;
  options: Record<string, unknown>;
  durationSeconds: number;
  /** Of which spent waiting for a quieter machine. */
  waitedSeconds: number;
  /** CPU taken by this bench and by other processes, per section. */
  cpu: Record<string, CpuShare>;
  bundles?: BundleReport;
  spa?: Omit<SpaReport, 'outDir'>;
  /** How the stack served the SPA's entry script to a browser that accepts brotli and gzip. */
  spaServedWith?: string;
  http?: HttpReport[];
  sales?: SalesReport;
  promotions?: PromotionsReport;
  delivery?: DeliveryReport;
  lighthouse?: LighthouseReport;
  /** The stack's own log: the requests it answered while measured, those it answered 5xx, and crashes. */
  stackLog?: { requests: number; serverErrors: number; crashes: number; examples: string[] };
  goals: Goal[];
}

export interface Goal {
  goal: string;
  figure: string;
  target: string;
  met: boolean | undefined;
}

export interface ReferenceRatio {
  path: string;
  lcpMs?: number;
  referenceLcpMs?: number;
  /** The shop route's median LCP ÷ the reference page's; undefined when either has no run. */
  lcpRatio?: number;
  performance?: number;
  referencePerformance?: number;
  performanceRatio?: number;
}

/** Each compared route's medians beside the reference page's, and their ratios. */
export function referenceRatios(lighthouse: LighthouseReport): ReferenceRatio[] {
  const find = (label: string) => lighthouse.routes.find((route) => route.path === label && route.runs.length > 0);
  const floor = lighthouse.reference ? find(lighthouse.reference.label) : undefined;
  return (lighthouse.reference?.comparedPaths ?? []).map((path) => {
    const route = find(path);
    if (!route || !floor) return { path };
    return {
      path,
      lcpMs: route.median.lcpMs,
      referenceLcpMs: floor.median.lcpMs,
      lcpRatio: round(route.median.lcpMs / floor.median.lcpMs, 2),
      performance: route.median.scores.performance,
      referencePerformance: floor.median.scores.performance,
      performanceRatio: round(route.median.scores.performance / floor.median.scores.performance, 2),
    };
  });
}

const yes = (met: boolean | undefined) => (met === undefined ? 'not measured' : met ? '**met**' : '**not met**');
const ms = (value: number) => `${round(value, 0)} ms`;

/** The issue's goals, each next to the figure that decides it. */
export function evaluateGoals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const goals: Goal[] = [];
  const { sales, spa, lighthouse, bundles } = results;
  if (sales) {
    const sale = sales.voucherSale;
    goals.push(
      {
        goal: 'Voucher sale, 16 buyers: attempts per sale',
        figure: `${sale.service.attemptsPerSale} (${sale.service.retriedSales} of ${sale.service.completed} sales retried, at most ${sale.service.maxAttempts} attempts)`,
        target: '≤ 1.2',
        met: sale.service.attemptsPerSale <= 1.2,
      },
      {
        goal: 'Voucher sale: false "Out of stock" while stock exceeds demand',
        figure: `${sale.service.falseOutOfStock} (stock ${sale.service.stockBefore} → ${sale.service.stockAfter} codes)`,
        target: '0',
        met: sale.service.falseOutOfStock === 0 && sale.service.stockAfter > sale.service.concurrency,
      },
      {
        goal: 'Voucher sale throughput vs a raw TransactWriteItems of the same items',
        figure: `${sale.ratio}× (${sale.service.requestsPerSecond} vs ${sale.raw.requestsPerSecond} /s)`,
        target: '≥ 0.6×',
        met: sale.ratio >= 0.6,
      },
      {
        goal: "Writing the reports' aggregates on the sale's path (its report event): orders per second with ÷ without",
        figure: `code sales ${sales.reportCost.voucherSale.ratio}×, plan orders ${sales.reportCost.planOrder.ratio}× (raw transactions, in turn: ${[
          ...sales.reportCost.voucherSale.rounds,
          ...sales.reportCost.planOrder.rounds,
        ]
          .map((r) => `${r.with.requestsPerSecond}/${r.without.requestsPerSecond}`)
          .join(', ')} /s)`,
        target: '≥ 0.9×',
        met: sales.reportCost.voucherSale.ratio >= 0.9 && sales.reportCost.planOrder.ratio >= 0.9,
      },
      {
        goal: 'Plan order from the wallet vs its raw TransactWriteItems (the same bar)',
        figure: `${sales.planOrder.ratio}× (${sales.planOrder.service.requestsPerSecond} vs ${sales.planOrder.raw.requestsPerSecond} /s)`,
        target: '≥ 0.6×',
        met: sales.planOrder.ratio >= 0.6,
      },
      {
        goal: `${sales.race.buyers} buyers race for ${sales.race.codes} codes`,
        figure: `sold ${sales.race.sold} (${sales.race.distinctCodes} distinct), ${sales.race.outOfStock} "Out of stock", stock left ${sales.race.stockAfter}, wallet mismatches ${sales.race.walletMismatches}`,
        target: `exactly ${sales.race.codes}`,
        met:
          sales.race.sold === sales.race.codes &&
          sales.race.distinctCodes === sales.race.codes &&
          sales.race.stockAfter === 0 &&
          sales.race.walletMismatches === 0 &&
          Object.keys(sales.race.otherFailures).length === 0,
      },
    );
  }
  if (results.promotions) {
    const { wallet: w, gateway: g } = results.promotions;
    goals.push(
      {
        goal: `Wallet orders with one shared percent code vs without a code (${results.promotions.withCode.concurrency} buyers)`,
        figure: `${results.promotions.ratio}× (${results.promotions.withCode.requestsPerSecond} vs ${results.promotions.withoutCode.requestsPerSecond} /s)`,
        target: '≥ 0.8×',
        met: results.promotions.ratio >= 0.8,
      },
      {
        goal: `A ${w.maxUses}-use code under ${w.orders} parallel wallet orders`,
        figure: `${w.placed} placed, ${w.uses} uses counted`,
        target: `exactly ${w.maxUses}`,
        met: w.placed === w.maxUses && w.uses === w.maxUses,
      },
      {
        goal: `A ${g.maxUses}-use code under ${g.orders} parallel gateway checkouts, half of those held cancelled and the rush tried again`,
        figure: `${g.placed} held in all (${g.cancelled} cancelled, ${g.heldAfterRetry} held on the retry), ${g.uses} uses counted`,
        target: `exactly ${g.maxUses} at the end`,
        met: g.uses === g.maxUses && g.placed - g.cancelled === g.maxUses,
      },
    );
  }
  if (results.delivery) {
    const { lostAndReplayed: l, codes: c } = results.delivery;
    goals.push(
      {
        goal: 'Supplier deliveries per order, answers lost and callbacks replayed',
        figure: `${l.deliveriesPerOrder.toFixed(3)} (${l.supplierDeliveries} deliveries for ${l.orders} orders: ${l.lost} lost answers, ${l.pending} pending with ${l.replaysSent} replayed callbacks; ${l.delivered} delivered, ${l.refunded} refunded, ${l.refundEntriesAllOrders} refund entries in the buyers' ledgers)`,
        target: 'exactly 1, none refunded',
        met:
          l.supplierDeliveries === l.orders &&
          l.delivered === l.orders &&
          l.unknownToSupplier === 0 &&
          l.refunded === 0 &&
          l.refundEntriesAllOrders === 0,
      },
      {
        goal: 'Codes claimed per stock-mode order',
        figure: `${c.codesPerOrder.toFixed(3)} (stock ${c.stockBefore} → ${c.stockAfter} for ${c.deliveredOrders} delivered orders, ${c.distinctCodes} distinct codes)`,
        target: 'exactly 1, every code distinct',
        met: c.deliveredOrders > 0 && c.stockBefore - c.stockAfter === c.deliveredOrders && c.distinctCodes === c.deliveredOrders,
      },
    );
  }
  if (spa) {
    const largest = spa.routes[0];
    goals.push(
      ...Object.entries(spa.firstLoad.jsGzipBytesByLanguage).map(([language, bytes]) => ({
        goal: `SPA first load in ${language === 'bn' ? 'Bengali' : 'English'}: JS before anything lazy, with the shell's messages`,
        figure: `${kib(bytes)} KiB gzip (${spa.firstLoad.js.length + (spa.firstLoad.catalogs[language]?.length ?? 0)} files)`,
        target: '≤ 100 KiB gzip',
        met: bytes <= 100 * 1024,
      })),
      {
        goal: 'Every route chunk',
        figure: largest ? `largest ${kib(largest.js.gzipBytes)} KiB gzip (${shortRoute(largest.route)})` : 'no route chunks',
        target: '≤ 25 KiB gzip',
        met: spa.routes.every((route) => route.js.gzipBytes <= 25 * 1024),
      },
    );
  }
  if (lighthouse && lighthouse.routes.length > 0) {
    const shopRoutes = lighthouse.routes.filter((route) => route.path !== lighthouse.reference?.label);
    const measured = shopRoutes.filter((route) => route.runs.length > 0);
    const complete = measured.length === shopRoutes.length;
    const worst = (pick: (route: (typeof measured)[number]) => number, highest: boolean) =>
      [...measured].sort((a, b) => (highest ? pick(b) - pick(a) : pick(a) - pick(b)))[0];
    const worstCls = worst((route) => route.median.cls, true);
    goals.push({
      goal: 'CLS on every public route (median)',
      figure: worstCls ? `worst ${worstCls.median.cls} (${worstCls.path})` : 'no run succeeded',
      target: '≤ 0.02',
      met: complete && measured.every((route) => route.median.cls <= 0.02),
    });
    for (const [category, target] of [
      ['performance', 95],
      ['accessibility', 100],
      ['best-practices', 100],
      ['seo', 100],
    ] as const) {
      const lowest = worst((route) => route.median.scores[category], false);
      goals.push({
        goal: `Lighthouse mobile ${category} on every route (median of ${lighthouse.runsPerRoute})`,
        figure: lowest ? `lowest ${lowest.median.scores[category]} (${lowest.path})` : 'no run succeeded',
        target: `≥ ${target}`,
        met: complete && measured.every((route) => route.median.scores[category] >= target),
      });
    }
    if (lighthouse.reference) {
      const ratios = referenceRatios(lighthouse);
      const worstRatio = [...ratios].sort((a, b) => (b.lcpRatio ?? Infinity) - (a.lcpRatio ?? Infinity))[0];
      goals.push({
        goal: `LCP against the reference page (${lighthouse.reference.comparedPaths.join(', ')}; medians, measured in turn)`,
        figure: ratios.map((ratio) => `${ratio.path} ${ratio.lcpRatio ?? 'not measured'}×`).join(', '),
        target: '≤ 1.15×',
        met: worstRatio?.lcpRatio === undefined ? undefined : ratios.every((ratio) => (ratio.lcpRatio ?? Infinity) <= 1.15),
      });
    }
  }
  if (bundles) {
    const carrying = bundles.functions.filter((fn) => fn.publicRead && fn.unused.length > 0);
    goals.push({
      goal: 'Public read bundles carry nothing they never run (jose, multipart, Secrets Manager, S3, SES)',
      figure:
        carrying.length === 0
          ? 'none carries any'
          : `${carrying.length} of ${bundles.functions.filter((fn) => fn.publicRead).length} carry some (${describeUnused(carrying)})`,
      target: '0 bundles',
      met: carrying.length === 0,
    });
  }
  return goals;
}

function describeUnused(functions: BundleReport['functions']): string {
  const byName = new Map<string, { count: number; bytes: number }>();
  for (const fn of functions) {
    for (const name of fn.unused) {
      const entry = byName.get(name) ?? { count: 0, bytes: 0 };
      entry.count += 1;
      entry.bytes = Math.max(entry.bytes, fn.heavy[name]!);
      byName.set(name, entry);
    }
  }
  return [...byName].map(([name, { count, bytes }]) => `${name} ${kib(bytes)} KiB in ${count}`).join(', ');
}

const shortRoute = (route: string) => route.replace(/^src\/app\/routes\//, '').replace(/\.tsx$/, '');

function table(headings: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The report as Markdown: the goals first, then the headline figures side by side, then each section in full. */
export function renderMarkdown(results: BenchResults): string {
  const { machine } = results;
  const out: string[] = [];
  out.push('# Bench report', '');
  out.push(
    `Taken ${machine.date} on ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory; ${machine.os}; Node ${machine.node}; ${machine.chromium}; ${machine.java}.`,
    `Command: \`${results.command}\` (${round(results.durationSeconds / 60, 1)} minutes${results.waitedSeconds > 0 ? `, of which ${round(results.waitedSeconds / 60, 1)} waiting for a quieter machine` : ''}). Written by \`scripts/bench/\`; the JSON beside this file holds every figure and every run.`,
    '',
  );
  const busy = Object.entries(results.cpu).filter(([, share]) => share.othersPercent >= 10);
  if (busy.length > 0) {
    out.push(
      `**The machine was not quiet**: other processes took ${busy.map(([section, share]) => `${share.othersPercent}% of its CPU during ${section}`).join(', ')}. Absolute figures of those sections are lower than a quiet machine gives; the paired ratios (each run next to its baseline, in turn) are less affected.`,
      '',
    );
  }

  out.push('## Goals', '');
  out.push(
    table(
      ['goal', 'figure', 'target', ''],
      results.goals.map((goal) => [goal.goal, goal.figure, goal.target, yes(goal.met)]),
    ),
    '',
  );

  out.push('## Headline figures', '');
  const headline: (string | number)[][] = [];
  const { http, sales, spa, lighthouse, bundles } = results;
  for (const read of http ?? []) {
    headline.push([
      `${read.label} \`GET ${read.path}\`, ${read.stack.connections} connections: local stack`,
      `${read.stack.requestsPerSecond} req/s, p50 ${ms(read.stack.p50Ms)}, p99 ${ms(read.stack.p99Ms)}`,
    ]);
    headline.push([
      `… a bare node:http server answering the same ${read.responseBytes} bytes`,
      `${read.bare.requestsPerSecond} req/s, p50 ${ms(read.bare.p50Ms)}, p99 ${ms(read.bare.p99Ms)} (stack/bare ${read.ratio}×)`,
    ]);
    headline.push([
      `${read.label} one at a time (local stack)`,
      `p50 ${ms(read.stackSequential.p50Ms)}, p99 ${ms(read.stackSequential.p99Ms)}`,
    ]);
  }
  if (sales) {
    const { voucherSale: v, planOrder: p } = sales;
    headline.push([
      `Voucher sale (\`buyCodes\`, ${v.service.concurrency} buyers, 1 code each)`,
      `${v.service.requestsPerSecond}/s, p50 ${ms(v.service.p50Ms)}, p99 ${ms(v.service.p99Ms)}, ${v.service.attemptsPerSale} attempts/sale, ${v.service.falseOutOfStock} false out of stock`,
    ]);
    headline.push([
      `… raw TransactWriteItems of the same ${v.rawItems.length} items`,
      `${v.raw.requestsPerSecond}/s, p50 ${ms(v.raw.p50Ms)}, p99 ${ms(v.raw.p99Ms)} (sale/raw ${v.ratio}×)`,
    ]);
    headline.push([
      `Plan order from the wallet (\`placeWalletOrder\`, ${p.service.concurrency} buyers)`,
      `${p.service.requestsPerSecond}/s, p50 ${ms(p.service.p50Ms)}, p99 ${ms(p.service.p99Ms)}`,
    ]);
    headline.push([
      `… raw TransactWriteItems of the same ${p.rawItems.length} items`,
      `${p.raw.requestsPerSecond}/s, p50 ${ms(p.raw.p50Ms)}, p99 ${ms(p.raw.p99Ms)} (order/raw ${p.ratio}×)`,
    ]);
    headline.push([
      `${sales.race.buyers} buyers for ${sales.race.codes} codes`,
      `${sales.race.sold} sold, ${sales.race.outOfStock} told "Out of stock"`,
    ]);
  }
  if (results.promotions) {
    const { withCode, withoutCode, ownCodes, sharedVsOwn } = results.promotions;
    headline.push(
      [
        `Wallet order with one shared percent code (\`placeWalletOrder\`, ${withCode.concurrency} buyers)`,
        `${withCode.requestsPerSecond}/s, p50 ${ms(withCode.p50Ms)}, p99 ${ms(withCode.p99Ms)} (without a code ${withoutCode.requestsPerSecond}/s)`,
      ],
      [
        'The same orders, each buyer with a code of its own (nothing shared: the contention control)',
        `${ownCodes.requestsPerSecond}/s, p50 ${ms(ownCodes.p50Ms)}; the shared code runs at ${sharedVsOwn}× of it`,
      ],
    );
  }
  if (results.delivery) {
    const { paidToDelivered, throughput: t, buyers } = results.delivery;
    for (const mode of paidToDelivered)
      headline.push([
        `Payment to delivered, ${mode.mode} plan (\`${mode.planId}\`, wallet, ${buyers} buyers)`,
        `p50 ${ms(mode.clientP50Ms)}, p99 ${ms(mode.clientP99Ms)} (the server's paidAt → completedAt: p50 ${ms(mode.serverP50Ms)}, p99 ${ms(mode.serverP99Ms)}); ${mode.run.requestsPerSecond} orders/s`,
      ]);
    headline.push([
      `Supplier plan vs manual plan (\`${t.manualPlanId}\`) wallet orders, ${buyers} buyers`,
      `${t.supplier.requestsPerSecond} vs ${t.manual.requestsPerSecond} orders/s (${t.ratio}×)`,
    ]);
  }
  if (spa) {
    headline.push([
      'SPA first load (what index.html fetches)',
      `JS ${kib(spa.firstLoad.jsGzipBytes)} KiB gzip (with the shell's messages: ${Object.entries(spa.firstLoad.jsGzipBytesByLanguage)
        .map(([language, bytes]) => `${language} ${kib(bytes)} KiB`)
        .join(', ')}), CSS ${kib(spa.firstLoad.cssGzipBytes)} KiB gzip, HTML ${kib(spa.firstLoad.html.gzipBytes)} KiB gzip`,
    ]);
    const shopper = spa.routes.filter((route) => !route.admin);
    if (shopper.length > 0)
      headline.push([
        'Shopper route chunks',
        `${kib(Math.min(...shopper.map((r) => r.js.gzipBytes)))}–${kib(Math.max(...shopper.map((r) => r.js.gzipBytes)))} KiB gzip each (largest: ${shortRoute(shopper[0]!.route)})`,
      ]);
  }
  if (bundles) {
    const sizes = bundles.functions.map((fn) => fn.gzipBytes);
    const imports = bundles.functions.flatMap((fn) => (fn.importMs === undefined ? [] : [fn.importMs]));
    headline.push([
      `Function bundles (${bundles.functions.length})`,
      `${kib(Math.min(...sizes))}–${kib(Math.max(...sizes))} KiB gzip; import cost ${imports.length ? `${Math.min(...imports)}–${Math.max(...imports)} ms over a bare node (${bundles.bareNodeMs} ms)` : 'not measured'}`,
    ]);
  }
  if (lighthouse) {
    for (const route of lighthouse.routes) {
      const m = route.median;
      headline.push([
        `Lighthouse mobile ${route.path}`,
        route.runs.length === 0
          ? `failed: ${route.errors[0] ?? 'no run'}`
          : `${m.scores.performance}/${m.scores.accessibility}/${m.scores['best-practices']}/${m.scores.seo}, LCP ${ms(m.lcpMs)}, CLS ${m.cls}, TBT ${ms(m.tbtMs)}`,
      ]);
    }
  }
  out.push(table(['what', 'figure'], headline), '');

  if (bundles) {
    out.push('## Function bundles', '');
    out.push(
      `Each function bundled with the Lambda esbuild options (\`infra/bundling.ts\`). Import cost: the median wall time of ${bundles.importRuns} fresh \`node <bundle>.mjs\` processes (${bundles.nodeOptions ? `NODE_OPTIONS=${bundles.nodeOptions}` : 'no NODE_OPTIONS'}, as Lambda runs them) minus the median of a bare \`node -e 0\` (${bundles.bareNodeMs} ms), runs interleaved. Heavy packages in KiB of minified output; *italic* = carried but never run by that function (per its route row). Public reads are marked ●.`,
      '',
    );
    const heavyNames = ['jose', 'multipart', 'client-secrets-manager', 'client-s3', 'client-sesv2'] as const;
    const rows = [...bundles.functions]
      .sort((a, b) => Number(b.publicRead) - Number(a.publicRead) || b.gzipBytes - a.gzipBytes)
      .map((fn) => [
        `${fn.publicRead ? '● ' : ''}${fn.module.replace(/\.ts$/, '')}`,
        fn.access,
        kib(fn.minifiedBytes),
        kib(fn.gzipBytes),
        fn.importMs ?? (fn.importError ? `fails: ${fn.importError}` : '–'),
        ...heavyNames.map((name) =>
          fn.heavy[name] === undefined ? '' : fn.unused.includes(name) ? `*${kib(fn.heavy[name])}*` : kib(fn.heavy[name]),
        ),
      ]);
    out.push(table(['function', 'access', 'min KiB', 'gzip KiB', 'import ms', ...heavyNames], rows), '');
    const unusedTotal = bundles.functions.filter((fn) => fn.publicRead).map((fn) => fn.unusedBytes);
    out.push(
      `Public read bundles carry ${kib(Math.max(0, ...unusedTotal))} KiB (minified) at most of packages they never run. Bundled in ${bundles.buildSeconds} s.`,
      '',
    );
  }

  for (const http of results.http ?? []) {
    out.push(`## ${http.label}: the local stack vs a bare server`, '');
    out.push(
      `autocannon, ${http.stack.connections} connections, ${http.stack.seconds} s a run, ${http.rounds.length} paired rounds (stack, then bare) after a warm-up; medians of the rounds. The bare server is \`node:http\` in its own process answering the stack's exact status, headers and ${http.responseBytes}-byte body; its figure is bounded by autocannon itself (one process on the same two cores), so the ratio is a floor of the stack's overhead. The stack runs in its own process; this read is answered by ${http.servedBy}.`,
      '',
    );
    out.push(
      table(
        ['target', 'req/s', 'p50', 'p90', 'p99', 'max', 'requests', 'non-2xx', 'errors'],
        [
          [
            'local stack',
            http.stack.requestsPerSecond,
            ms(http.stack.p50Ms),
            ms(http.stack.p90Ms),
            ms(http.stack.p99Ms),
            ms(http.stack.maxMs),
            http.stack.requests,
            http.stack.non2xx,
            http.stack.errors,
          ],
          [
            'bare node:http',
            http.bare.requestsPerSecond,
            ms(http.bare.p50Ms),
            ms(http.bare.p90Ms),
            ms(http.bare.p99Ms),
            ms(http.bare.maxMs),
            http.bare.requests,
            http.bare.non2xx,
            http.bare.errors,
          ],
          [
            'local stack, 1 connection',
            http.stackSequential.requestsPerSecond,
            ms(http.stackSequential.p50Ms),
            ms(http.stackSequential.p90Ms),
            ms(http.stackSequential.p99Ms),
            ms(http.stackSequential.maxMs),
            http.stackSequential.requests,
            http.stackSequential.non2xx,
            http.stackSequential.errors,
          ],
        ],
      ),
      '',
      `Answer headers: ${Object.entries(http.headers)
        .map(([name, value]) => `\`${name}: ${value}\``)
        .join(', ')}.`,
      '',
    );
  }

  if (sales) {
    const { voucherSale: v, planOrder: p, race } = sales;
    out.push('## Voucher sales and plan orders vs the raw transaction', '');
    out.push(
      `In this process against the stack's DynamoDB Local: ${v.service.concurrency} concurrent buyers, each its own funded account, each buying again as soon as it has an answer, ${v.rounds[0]?.service.seconds ?? '?'} s a run, ${v.rounds.length} paired rounds (raw first, then the service). The sale voucher was given ${sales.codesUploaded} codes (written with BatchWriteItem in ${sales.uploadSeconds} s: the same claim and code items an upload writes). The raw run writes the very items the service would (no reads, no retries), each buyer tracking its own wallet version.`,
      '',
      `Raw voucher sale items: ${v.rawItems.join('; ')}.`,
      `Raw plan order items: ${p.rawItems.join('; ')}.`,
      '',
    );
    const row = (
      name: string,
      run: { requestsPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; completed: number; failures: Record<string, number> },
      extra: string,
    ) => [
      name,
      run.requestsPerSecond,
      ms(run.p50Ms),
      ms(run.p99Ms),
      ms(run.maxMs),
      run.completed,
      Object.entries(run.failures)
        .map(([message, count]) => `${count}× ${message}`)
        .join('; ') || '–',
      extra,
    ];
    out.push(
      table(
        ['run', '/s', 'p50', 'p99', 'max', 'completed', 'failures', ''],
        [
          row('voucher sale (buyCodes)', v.service, `${v.service.attemptsPerSale} attempts/sale; ${v.ratio}× raw`),
          row('raw TransactWriteItems (sale items)', v.raw, ''),
          row('plan order (placeWalletOrder)', p.service, `${p.ratio}× raw`),
          row('raw TransactWriteItems (order items)', p.raw, ''),
        ],
      ),
      '',
      `Rounds (service/raw /s): sales ${v.rounds.map((r) => `${r.service.requestsPerSecond}/${r.raw.requestsPerSecond}`).join(', ')}; plan orders ${p.rounds.map((r) => `${r.service.requestsPerSecond}/${r.raw.requestsPerSecond}`).join(', ')}.`,
      '',
      `The race: ${race.buyers} buyers, each able to pay for one code, all at once on a voucher of ${race.codes} codes: ${race.sold} sold (${race.distinctCodes} distinct), ${race.outOfStock} told "Out of stock", ${
        Object.entries(race.otherFailures)
          .map(([message, count]) => `${count}× ${message}`)
          .join('; ') || 'no other answer'
      }, stock left ${race.stockAfter}, ${race.walletMismatches} wallets that do not match their answer.`,
      '',
    );
  }

  if (results.delivery) {
    const { paidToDelivered, throughput: t, lostAndReplayed: l, codes: c, buyers, jobTuning } = results.delivery;
    const failures = (record: Record<string, number>) =>
      Object.entries(record)
        .map(([message, count]) => `${count}× ${message}`)
        .join('; ') || '–';
    out.push('## Automatic delivery', '');
    out.push(
      `Through the stack's API as a shopper's browser calls it (\`POST /api/user/request/\` paid from the wallet, then \`POST /api/user/order/{id}\` every 100 ms until delivered when the answer did not already say so), ${buyers} concurrent buyers, each its own funded account with its own session, each ordering again as soon as its order shows delivered, ${t.rounds[0]?.manual.seconds ?? '?'} s a run, ${t.rounds.length} rounds of the manual plan and the supplier plan (player IDs ending 1–5: the fake supplier on loopback delivers at once; the manual run first in odd rounds, second in even ones), then a stock plan over a fresh voucher of ${c.codesUploaded} codes (uploaded through \`addCodes\` in ${c.uploadSeconds} s), after one untimed order of each of the first two plans per buyer. The delivery job ran ${
        Object.keys(jobTuning).length
          ? Object.entries(jobTuning)
              .map(([name, value]) => `${name}=${value}`)
              .join(', ')
          : 'at its local defaults'
      }. Client times run from the request's start to the answer that shows the order delivered; server times from the order's \`paidAt\` to its \`completedAt\`, as the table holds them.`,
      '',
    );
    out.push(
      table(
        [
          'mode',
          'plan',
          'orders/s',
          'p50',
          'p99',
          'max',
          'server p50',
          'server p99',
          'server max',
          'delivered',
          'in the answer',
          'failures',
        ],
        paidToDelivered.map((mode) => [
          mode.mode,
          `\`${mode.planId}\``,
          mode.run.requestsPerSecond,
          ms(mode.clientP50Ms),
          ms(mode.clientP99Ms),
          ms(mode.clientMaxMs),
          ms(mode.serverP50Ms),
          ms(mode.serverP99Ms),
          ms(mode.serverMaxMs),
          mode.delivered,
          mode.deliveredInAnswer,
          failures(mode.run.failures),
        ]),
      ),
      '',
      `Orders per second, the same buyers and duration, in turn: supplier plan ${t.supplier.requestsPerSecond}/s (p50 ${ms(t.supplier.p50Ms)}, p99 ${ms(t.supplier.p99Ms)}, until delivered), manual plan ${t.manual.requestsPerSecond}/s (p50 ${ms(t.manual.p50Ms)}, p99 ${ms(t.manual.p99Ms)}, ${failures(t.manual.failures)} failures): **${t.ratio}×**. Rounds (supplier/manual /s): ${t.rounds.map((r) => `${r.supplier.requestsPerSecond}/${r.manual.requestsPerSecond}`).join(', ')}.`,
      '',
      `Lost answers and replayed callbacks: ${l.orders} wallet orders of the supplier plan at ${buyers} buyers, ${l.lost} with player IDs ending 7 (delivered, the first answer's connection dropped: the job finds them by asking) and ${l.pending} ending 9 (pending, then the supplier's signed callback about 3 s later), and for each of those ${l.replaysPerPending} more signed callbacks (\`status: Sukses\`) sent at once when the supplier's own is due: ${l.replaysAccepted} of ${l.replaysSent} answered 200. ${l.delivered} of ${l.orders} completed in the table; the watching ended ${l.waitedSeconds} s after the first was placed (each order's page asked every second from its answer on; request start → shown delivered, lost: p50 ${ms(l.lostDeliveredMs.p50)}, max ${ms(l.lostDeliveredMs.max)}; pending: p50 ${ms(l.pendingDeliveredMs.p50)}, max ${ms(l.pendingDeliveredMs.max)}), ${l.refunded} refunded; the supplier recorded ${l.supplierDeliveries} deliveries (**${l.deliveriesPerOrder.toFixed(3)} per order**) over ${l.supplierPosts} posts (the sends and the inquiries), ${l.unknownToSupplier} orders it never heard of; supplier calls per order as the orders record them: mean ${l.attemptsPerOrder.mean}, at most ${l.attemptsPerOrder.max}; refund entries in the buyers' ledgers: ${l.refundEntries} for these orders, ${l.refundEntriesAllOrders} in the whole section; failures: ${failures(l.failures)}.`,
      '',
      `Codes claimed: the stock plan's voucher held ${c.stockBefore} codes before its orders and ${c.stockAfter} at the end of the section, for ${c.deliveredOrders} delivered orders: **${c.codesPerOrder.toFixed(3)} codes per order**, ${c.distinctCodes} distinct codes among them.`,
      '',
    );
  }

  if (spa) {
    out.push('## SPA', '');
    out.push(
      `Vite production build; gzip level 9 of each file. The first load is what \`index.html\` references (entry script, module preloads, stylesheets) before anything lazy.${results.spaServedWith ? ` The local stack served the entry script with \`content-encoding: ${results.spaServedWith}\`.` : ''}`,
      '',
    );
    out.push(
      table(
        ['first load', 'bytes', 'gzip KiB'],
        [
          ...[spa.firstLoad.html, ...spa.firstLoad.js, ...spa.firstLoad.css].map((asset) => [
            asset.file,
            asset.bytes,
            kib(asset.gzipBytes),
          ]),
          ['**JS total**', spa.firstLoad.js.reduce((sum, asset) => sum + asset.bytes, 0), `**${kib(spa.firstLoad.jsGzipBytes)}**`],
          ['**CSS total**', spa.firstLoad.css.reduce((sum, asset) => sum + asset.bytes, 0), `**${kib(spa.firstLoad.cssGzipBytes)}**`],
        ],
      ),
      '',
    );
    out.push(
      table(
        ['route chunk', 'gzip KiB', 'own CSS gzip KiB', 'a visit loads beyond the first load (gzip KiB)', 'shared chunks it pulls in'],
        spa.routes.map((route) => [
          `${route.admin ? '(admin) ' : ''}${shortRoute(route.route)}`,
          kib(route.js.gzipBytes),
          kib(route.css.reduce((sum, css) => sum + css.gzipBytes, 0)),
          kib(route.loadsBeyondFirstGzipBytes),
          route.sharedChunks.map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '')).join(', ') || '–',
        ]),
      ),
      '',
    );
  }

  if (lighthouse) {
    out.push('## Lighthouse (mobile, default simulated throttling)', '');
    out.push(
      `Lighthouse ${lighthouse.version}, median of ${lighthouse.runsPerRoute} runs per route (the routes in turn each run), Debian's Chromium with \`${lighthouse.chromiumFlags.join(' ')}\`, against the built SPA served by the local stack compressed as CloudFront serves it.`,
      '',
    );
    out.push(
      table(
        [
          'route',
          'performance',
          'accessibility',
          'best practices',
          'SEO',
          'FCP',
          'LCP',
          'CLS',
          'TBT',
          'runs (perf)',
          'LCP element',
          'largest layout shift',
        ],
        lighthouse.routes.map((route) => [
          route.path,
          route.median.scores.performance,
          route.median.scores.accessibility,
          route.median.scores['best-practices'],
          route.median.scores.seo,
          ms(route.median.fcpMs),
          ms(route.median.lcpMs),
          route.median.cls,
          ms(route.median.tbtMs),
          route.runs.map((run) => run.scores.performance).join(', ') + (route.errors.length ? `; ${route.errors.length} failed` : ''),
          route.lcpElement
            ? `\`${route.lcpElement}\`${route.lcpDiscoveryFailures.length ? `; discovery checks failed: ${route.lcpDiscoveryFailures.join('; ')}` : ''}`
            : '–',
          route.largestShift ? `\`${route.largestShift}\`` : '–',
        ]),
      ),
      '',
    );
    if (lighthouse.reference) {
      const floor = lighthouse.routes.find((route) => route.path === lighthouse.reference?.label);
      out.push(
        `### Against the reference page`,
        '',
        `The reference page (\`scripts/bench/reference-page/\`, from \`../shared/perf/\`): react-dom, a data router and SWR rendering the same catalog with the same images, built by the same Vite and served by the same static module (compressed, the same headers, \`/api/*\` and images from the same running stack), measured right after each compared route in every turn (${floor?.runs.length ?? 0} runs pooled).`,
        '',
        table(
          ['route', 'LCP', 'reference LCP', 'LCP ratio', 'performance', 'reference performance', 'performance ratio'],
          referenceRatios(lighthouse).map((ratio) => [
            ratio.path,
            ratio.lcpMs === undefined ? '–' : ms(ratio.lcpMs),
            ratio.referenceLcpMs === undefined ? '–' : ms(ratio.referenceLcpMs),
            ratio.lcpRatio === undefined ? '–' : `${ratio.lcpRatio}×`,
            ratio.performance ?? '–',
            ratio.referencePerformance ?? '–',
            ratio.performanceRatio === undefined ? '–' : `${ratio.performanceRatio}×`,
          ]),
        ),
        '',
      );
    }
    const failed = [...new Set(lighthouse.routes.flatMap((route) => route.failedAudits))];
    if (failed.length > 0) out.push(`Audits that kept a route under 100 (accessibility, best practices, SEO): ${failed.join('; ')}.`, '');
    const logged = lighthouse.routes.filter((route) => route.consoleErrors.length > 0);
    if (logged.length > 0) {
      out.push(`Console errors: ${logged.map((route) => `${route.path}: ${route.consoleErrors.join('; ')}`).join(' — ')}.`, '');
      if (
        logged.some((route) =>
          route.consoleErrors.some((error) => /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(error)),
        )
      ) {
        out.push(
          '(A name that does not resolve is a host outside this machine, which reaches no network but the package registries: on the open internet that request may well succeed, and the audit with it.)',
          '',
        );
      }
    }
  }

  if (results.stackLog) {
    const { requests, serverErrors, crashes, examples } = results.stackLog;
    out.push(
      '## The stack while measured',
      '',
      `It logged ${requests} requests, ${serverErrors} answered 5xx, ${crashes} function crashes${examples.length ? ` (${examples.join('; ')})` : ''}.`,
      '',
    );
  }

  out.push('## CPU during each section', '');
  out.push(
    table(
      ['section', 'seconds', 'this bench (% of the machine)', 'other processes (% of the machine)'],
      Object.entries(results.cpu).map(([section, share]) => [section, share.seconds, share.benchPercent, share.othersPercent]),
    ),
    '',
  );
  return `${out.join('\n')}\n`;
}
