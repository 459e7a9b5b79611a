import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../../functions/routes';
import { chromiumPath } from '../local/chromium';
import { domainEnvironment } from '../local/domain-env';
import { measureBundles } from './bundles';
import { CpuMeter, type CpuShare, waitForQuietMachine } from './cpu';
import { measureDelivery } from './delivery';
import { compareWithBareServer } from './http';
import { measureLighthouse } from './lighthouse';
import { describeMachine } from './machine';
import { projectRoot } from './paths';
import { buildReferencePage, serveReferencePage } from './reference';
import { type BenchResults, evaluateGoals, renderMarkdown } from './report';
import { measurePromotions } from './promotions';
import { measureSales } from './sales';
import { buildAndMeasureSpa } from './spa';
import { type BenchStack, startBenchStack } from './stack';

const usage = `npm run bench [-- options]

Starts what it needs (a production build of the SPA in a temp folder, the local stack in memory
on free ports with DynamoDB Local) and writes bench/report.md and bench/report.json.

  --only <list>            sections, comma-separated: bundles,spa,http,sales,promotions,delivery,lighthouse (default: all)
  --out <dir>              where the report goes (default: bench)
  --import-runs <n>        fresh node processes per bundle for the import cost (default 5; 0 skips)
  --connections <n>        autocannon connections for the catalog and shop-status reads (default 16)
  --http-seconds <s>       seconds per autocannon run (default 10)
  --http-rounds <n>        paired stack/bare rounds (default 2)
  --buyers <n>             concurrent buyers for sales, plan orders, promo-code orders and delivered orders (default 16)
  --sale-seconds <s>       seconds per sale or order run (default 10)
  --sale-rounds <n>        paired raw/service rounds, and manual/supplier/stock rounds of delivery (default 2)
  --codes <n>              codes given to the sale voucher (default 25000)
  --race-buyers <n>        buyers in the race (default 50)
  --race-codes <n>         codes in the race (default 10)
  --delivery-orders <n>    orders whose supplier answer is lost or pending, half each (default 40)
  --delivery-codes <n>     codes given to the delivery's stock plan; its orders stop there (default 2500)
  --lighthouse-runs <n>    Lighthouse runs per route, median reported (default 3)
  --pages <list>           the shop's pages for Lighthouse, comma-separated (default: the six public pages;
                           the reference page is measured after each of /, /category/free-fire and /login among them)
  --bengali <yes|no>       Lighthouse the same pages in Bengali too, as "<path> (bn)" (default yes)
  --quiet-wait <minutes>   wait up to this long for other processes to leave the CPU alone (default 2; 0 skips)
  --help`;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: 'bench' },
    'import-runs': { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    'http-seconds': { type: 'string', default: '10' },
    'http-rounds': { type: 'string', default: '2' },
    buyers: { type: 'string', default: '16' },
    'sale-seconds': { type: 'string', default: '10' },
    'sale-rounds': { type: 'string', default: '2' },
    codes: { type: 'string', default: '25000' },
    'race-buyers': { type: 'string', default: '50' },
    'race-codes': { type: 'string', default: '10' },
    'delivery-orders': { type: 'string', default: '40' },
    'delivery-codes': { type: 'string', default: '2500' },
    'lighthouse-runs': { type: 'string', default: '3' },
    pages: { type: 'string' },
    bengali: { type: 'string', default: 'yes' },
    'quiet-wait': { type: 'string', default: '2' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const sections = ['bundles', 'spa', 'http', 'sales', 'promotions', 'delivery', 'lighthouse'] as const;
type Section = (typeof sections)[number];
const only = values.only?.split(',').map((name) => name.trim()) ?? [...sections];
for (const name of only) if (!sections.includes(name as Section)) throw new Error(`Unknown section ${name}; known: ${sections.join(', ')}`);
const wants = (section: Section) => only.includes(section);
const int = (name: keyof typeof values, min = 0) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return value;
};
const options = {
  importRuns: int('import-runs'),
  connections: int('connections', 1),
  httpSeconds: int('http-seconds', 1),
  httpRounds: int('http-rounds', 1),
  buyers: int('buyers', 1),
  saleSeconds: int('sale-seconds', 1),
  saleRounds: int('sale-rounds', 1),
  codes: int('codes', 1),
  raceBuyers: int('race-buyers', 1),
  raceCodes: int('race-codes', 1),
  deliveryOrders: int('delivery-orders', 1),
  deliveryCodes: int('delivery-codes', 1),
  lighthouseRuns: int('lighthouse-runs', 1),
  bengali: values.bengali !== 'no',
  quietWaitMinutes: Number(values['quiet-wait']),
};

/** The public pages the issue names; ids are the seeded shop's. */
const lighthousePaths = values.pages?.split(',').map((path) => path.trim()) ?? [
  '/',
  '/category/free-fire',
  '/voucher/google-play',
  '/blogs',
  '/blog/how-to-top-up-free-fire',
  '/login',
];
for (const path of lighthousePaths) if (!path.startsWith('/')) throw new Error(`--pages: ${path} is not a path`);
/** The pages whose LCP is compared with the reference page's, measured right after each of them. */
const referencePaths = ['/', '/category/free-fire', '/login'].filter((path) => lighthousePaths.includes(path));
const referenceLabel = 'reference page';

const began = performance.now();
const log = (line: string) => console.log(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}`);
// Relative to the project, as the default (bench) is; an absolute --out is taken as given.
const outDir = resolve(projectRoot, values.out!);
const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
const cpu: Record<string, CpuShare> = {};
let stack: BenchStack | undefined;
let reference: { url: string; stop: () => Promise<void> } | undefined;

async function section<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  log(`${name}…`);
  const meter = new CpuMeter();
  try {
    return await run();
  } finally {
    cpu[name] = meter.stop();
    log(`${name} done in ${cpu[name].seconds} s (other processes took ${cpu[name].othersPercent}% of the CPU)`);
  }
}

const cleanUp = async () => {
  await reference?.stop();
  reference = undefined;
  await stack?.stop();
  stack = undefined;
  rmSync(workDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}

try {
  const machine = describeMachine(chromiumPath);
  log(`${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; Node ${machine.node}; ${machine.chromium}`);
  let waitedSeconds = 0;
  if (options.quietWaitMinutes > 0) {
    const share = await waitForQuietMachine(options.quietWaitMinutes, 15, log);
    waitedSeconds = Math.round((performance.now() - began) / 1000);
    log(`other processes take ${share.othersPercent}% of the CPU; starting`);
  }
  const results: Omit<BenchResults, 'goals'> = {
    machine,
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    options: { sections: only, ...options, lighthousePaths, referencePaths },
    durationSeconds: 0,
    waitedSeconds,
    cpu,
  };

  if (wants('bundles')) {
    const bundles = await section('bundles', () =>
      measureBundles({ importRuns: options.importRuns, outDir: join(workDir, 'bundles'), log }),
    );
    const { outDir: _bundleDir, ...figures } = bundles;
    results.bundles = figures;
  }

  const needsStack = wants('http') || wants('sales') || wants('promotions') || wants('delivery') || wants('lighthouse');
  // The delivery job as the test stacks run it (every 2 s, first inquiry after 2 s, where the local
  // stack's defaults are 15 and 15), so that lost answers are found in seconds; the shell may say otherwise.
  const deliveryJobTuning: Record<string, string> = wants('delivery')
    ? {
        DELIVERY_EVERY_SECONDS: process.env.DELIVERY_EVERY_SECONDS ?? '2',
        SUPPLIER_CALL_SPACING_SECONDS: process.env.SUPPLIER_CALL_SPACING_SECONDS ?? '2',
      }
    : {};
  let spaDir: string | undefined;
  if (wants('spa') || needsStack) {
    const spa = await section('spa', () => buildAndMeasureSpa(log));
    spaDir = spa.outDir;
    const { outDir: _spaDir, ...figures } = spa;
    if (wants('spa')) results.spa = figures;
  }

  if (needsStack) {
    const logFile = join(workDir, 'stack.log');
    stack = await section('stack start', () => startBenchStack(spaDir!, logFile, deliveryJobTuning));
    log(`local stack at ${stack.url} (DynamoDB Local ${stack.dynamoDbEndpoint})`);
    // The sales and the delivery run the domain code in this process, reaching the stack as its own functions do.
    Object.assign(process.env, await domainEnvironment(stack));
    await warmUp(stack.url);
    await warmFiles(stack.url, spaDir!);

    // The SPA as a browser gets it: compressed, as CloudFront serves it.
    if (results.spa) {
      const entry = results.spa.firstLoad.js[0];
      if (entry) {
        const answer = await fetch(`${stack.url}/${entry.file}`, { headers: { 'accept-encoding': 'br, gzip' } });
        await answer.arrayBuffer();
        results.spaServedWith = answer.headers.get('content-encoding') ?? 'identity (uncompressed)';
      }
    }

    if (wants('http')) {
      const common = {
        stackUrl: stack!.url,
        connections: options.connections,
        seconds: options.httpSeconds,
        rounds: options.httpRounds,
        log,
      };
      results.http = await section('http', async () => [
        await compareWithBareServer({
          ...common,
          label: 'Catalog read',
          servedBy: 'the edge cache (as CloudFront answers a cached public read, within its s-maxage)',
          path: '/api/user/master_category_list',
        }),
        await compareWithBareServer({
          ...common,
          label: 'Shop status read',
          servedBy:
            'the origin, never cached: HTTP adapter → the function in its worker thread (from TypeScript source, through tsx) → one GetItem on DynamoDB Local, logging every request',
          path: '/api/user/shop_status',
        }),
      ]);
    }
    if (wants('lighthouse')) {
      if (referencePaths.length > 0) {
        const referenceDir = join(workDir, 'reference-page');
        buildReferencePage(referenceDir);
        reference = await serveReferencePage(referenceDir, stack.url);
        await warmFiles(reference.url, referenceDir);
        log(`reference page at ${reference.url}`);
      }
      const targets = [
        ...lighthousePaths.flatMap((path) => [
          { label: path, url: `${stack!.url}${path}` },
          ...(reference && referencePaths.includes(path) ? [{ label: referenceLabel, url: `${reference.url}/` }] : []),
        ]),
        // The same pages in Bengali: a first visit from a browser whose language is Bengali.
        ...(options.bengali
          ? lighthousePaths.map((path) => ({ label: `${path} (bn)`, url: `${stack!.url}${path}`, browserLanguage: 'bn-BD' }))
          : []),
      ];
      const measured = await section('lighthouse', () =>
        measureLighthouse({ targets, runs: options.lighthouseRuns, workDir: join(workDir, 'lighthouse'), log }),
      );
      results.lighthouse = referencePaths.length
        ? { ...measured, reference: { label: referenceLabel, comparedPaths: referencePaths } }
        : measured;
    }
    if (wants('sales')) {
      results.sales = await section('sales', () =>
        measureSales({
          buyers: options.buyers,
          seconds: options.saleSeconds,
          rounds: options.saleRounds,
          codes: options.codes,
          raceBuyers: options.raceBuyers,
          raceCodes: options.raceCodes,
          log,
        }),
      );
    }
    if (wants('promotions')) {
      results.promotions = await section('promotions', () =>
        measurePromotions({ buyers: options.buyers, seconds: options.saleSeconds, rounds: options.saleRounds, log }),
      );
    }
    if (wants('delivery')) {
      results.delivery = await section('delivery', () =>
        measureDelivery({
          stack: stack!,
          jobTuning: deliveryJobTuning,
          buyers: options.buyers,
          seconds: options.saleSeconds,
          rounds: options.saleRounds,
          orders: options.deliveryOrders,
          codes: options.deliveryCodes,
          log,
        }),
      );
    }
  }

  if (stack) results.stackLog = summarizeStackLog(join(workDir, 'stack.log'));
  results.durationSeconds = Math.round((performance.now() - began) / 1000);
  const report: BenchResults = { ...results, goals: evaluateGoals(results) };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(outDir, 'report.md'), renderMarkdown(report));
  log(
    `wrote ${relative(process.cwd(), join(outDir, 'report.md'))} and report.json in ${(results.durationSeconds / 60).toFixed(1)} minutes`,
  );
  for (const goal of report.goals)
    log(`${goal.met === undefined ? '?' : goal.met ? 'met    ' : 'NOT MET'}  ${goal.goal}: ${goal.figure} (target ${goal.target})`);
} finally {
  await cleanUp();
}

/**
 * One request to every public route before anything is measured, so that each function's
 * worker has started (the first call of a function loads its module, through tsx here); a route
 * that answers 5xx is asked again, and one that keeps failing is named.
 */
async function warmUp(baseUrl: string): Promise<void> {
  const form = () => new URLSearchParams({ category_id: 'ff-uid', master_category: 'free-fire', mcategory_id: 'google-play' });
  await Promise.all(
    routes
      .filter((route) => route.access === 'public' && !route.handler.startsWith('auth/'))
      .map(async (route) => {
        const path = `/api${route.path.replace('{id}', 'how-to-top-up-free-fire')}`;
        for (let attempt = 1; ; attempt += 1) {
          const answer = await fetch(`${baseUrl}${path}`, route.method === 'GET' ? {} : { method: 'POST', body: form() });
          await answer.arrayBuffer();
          if (answer.status < 500) return;
          if (attempt === 3) {
            log(`warm-up: ${route.method} ${path} still answers ${answer.status}`);
            return;
          }
        }
      }),
  );
}

/**
 * Asks once for every file of a built SPA as Chromium does (brotli accepted), so that the static
 * server has compressed each before anything is measured: CloudFront's edge holds them compressed,
 * and a first compression (brotli at its highest level, up to a second for the entry) would count
 * as the server's response time of whichever page asked first.
 */
async function warmFiles(baseUrl: string, builtDir: string): Promise<void> {
  const files = readdirSync(builtDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(builtDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.startsWith('.'));
  for (const file of files) {
    const answer = await fetch(`${baseUrl}/${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    await answer.arrayBuffer();
  }
}

/** What the stack logged while it was measured: requests by status class, and crashes. */
function summarizeStackLog(file: string): NonNullable<BenchResults['stackLog']> {
  const summary = { requests: 0, serverErrors: 0, crashes: 0, examples: [] as string[] };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.includes('function crashed')) {
      summary.crashes += 1;
      if (summary.examples.length < 5) summary.examples.push(line.slice(0, 300));
    }
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { message?: string; status?: number; method?: string; path?: string };
      if (entry.message !== 'request') continue;
      summary.requests += 1;
      if ((entry.status ?? 0) >= 500) {
        summary.serverErrors += 1;
        if (summary.examples.length < 5) summary.examples.push(`${entry.status} ${entry.method} ${entry.path}`);
      }
    } catch {
      // Not a log line of ours.
    }
  }
  return summary;
}
