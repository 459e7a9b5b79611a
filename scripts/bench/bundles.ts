import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { type Route, handlerModule } from '../../functions/routes/route';
import { fallbackHandler, routes } from '../../functions/routes';
import { jobs } from '../../functions/routes/jobs';
import { needsGatewayKey, needsSecret, needsSupplier, needsVapid } from '../../functions/routes/grants';
import { functionsDir, lambdaEsbuildOptions } from '../../infra/bundling';
import { median, round } from './stats';

/**
 * Heavy packages worth knowing about per bundle, by the npm packages that make them up, and which
 * functions run them: a bundle that carries one its function never runs pays for it on every cold
 * start (parse and evaluation) for nothing.
 */
export const heavyPackages = {
  jose: { packages: ['jose'], runs: (fn: FunctionInfo) => fn.verifiesOrSignsTokens },
  multipart: { packages: ['@middy/http-multipart-body-parser', '@fastify/busboy', 'busboy'], runs: (fn: FunctionInfo) => fn.takesBodies },
  'client-secrets-manager': { packages: ['@aws-sdk/client-secrets-manager'], runs: (fn: FunctionInfo) => fn.secret },
  'client-s3': { packages: ['@aws-sdk/client-s3', '@aws-sdk/s3-presigned-post'], runs: (fn: FunctionInfo) => fn.uploads },
  'client-sesv2': { packages: ['@aws-sdk/client-sesv2'], runs: (fn: FunctionInfo) => fn.mail },
} as const;
export type HeavyName = keyof typeof heavyPackages;
export const heavyNames = Object.keys(heavyPackages) as HeavyName[];

/** One Lambda function as the bench sees it: its module and what its route row says it does. */
export interface FunctionInfo {
  /** Module relative to functions/. */
  module: string;
  /** Its route(s), e.g. `GET /user/master_category_list`; the fallback and the scheduled jobs say so. */
  routes: string[];
  access: Route['access'] | 'fallback' | 'job';
  /** A public read: a public row outside auth/ that writes nothing (catalog, content, the voucher list), or the fallback. */
  publicRead: boolean;
  /** Whether the function parses request bodies (a POST row). */
  takesBodies: boolean;
  /** Whether it verifies or signs tokens with jose: every user/admin row, the auth rows, and a row that reads the signing keys (the mails' unsubscribe links). */
  verifiesOrSignsTokens: boolean;
  secret: boolean;
  uploads: boolean;
  mail: boolean;
}

export interface BundleFigures extends FunctionInfo {
  minifiedBytes: number;
  gzipBytes: number;
  /** Output bytes (minified) of each heavy package it carries; absent when it carries none of it. */
  heavy: Partial<Record<HeavyName, number>>;
  /** Heavy packages it carries but never runs, per its route row. */
  unused: HeavyName[];
  unusedBytes: number;
  /** Import cost in ms: median of fresh `node bundle.mjs` runs minus the median of `node -e 0`. */
  importMs?: number;
  importError?: string;
  largestPackages: [string, number][];
}

export interface BundleReport {
  functions: BundleFigures[];
  buildSeconds: number;
  importRuns: number;
  /** Median wall time of a bare `node -e 0`, ms. */
  bareNodeMs?: number;
  nodeOptions: string;
}

/** Every function: each route row's handler (rows sharing a handler are one function), the fallback and the scheduled jobs. */
export function functionsToMeasure(): FunctionInfo[] {
  const byModule = new Map<string, FunctionInfo>();
  for (const route of routes) {
    const module = handlerModule(route.handler);
    const known = byModule.get(module);
    const info: FunctionInfo = {
      module,
      routes: [...(known?.routes ?? []), `${route.method} ${route.path}`],
      access: route.access,
      publicRead: route.access === 'public' && !route.handler.startsWith('auth/') && !route.writes?.length,
      takesBodies: (known?.takesBodies ?? false) || route.method === 'POST',
      verifiesOrSignsTokens:
        (known?.verifiesOrSignsTokens ?? false) ||
        route.access === 'user' ||
        route.access === 'admin' ||
        route.handler.startsWith('auth/') ||
        needsSecret(route),
      // The key ring, the gateway key, the supplier's credentials and the VAPID keys are all read through Secrets Manager.
      secret: (known?.secret ?? false) || needsSecret(route) || needsGatewayKey(route) || needsSupplier(route) || needsVapid(route),
      uploads: (known?.uploads ?? false) || route.uploads !== undefined,
      mail: (known?.mail ?? false) || route.mail === true,
    };
    byModule.set(module, info);
  }
  const none = { takesBodies: false, verifiesOrSignsTokens: false, uploads: false, mail: false };
  byModule.set(handlerModule(fallbackHandler), {
    module: handlerModule(fallbackHandler),
    routes: ['* (no row matches)'],
    access: 'fallback',
    publicRead: true,
    secret: false,
    ...none,
  });
  for (const job of jobs) {
    byModule.set(job.module, {
      module: job.module,
      routes: ['on its schedule'],
      access: 'job',
      publicRead: false,
      secret: ('gateway' in job && job.gateway) || needsSupplier(job),
      ...none,
    });
  }
  return [...byModule.values()];
}

/** The environment every bundle may read at load, as its Lambda function gets it (values are stand-ins). */
const lambdaEnvironment = {
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  GATEWAY_URL: 'https://gateway.invalid',
  MAIL_FROM: 'Bench <bench@example.invalid>',
  UPLOAD_BUCKET: 'bench-uploads',
  APP_SECRET_ID: 'bench-secret',
  ORIGIN_VERIFY_SECRET: 'bench-origin',
  EDGE_DISTRIBUTION_ID: 'bench-distribution',
  POWERTOOLS_SERVICE_NAME: 'storefront',
};

/** Lambda's NODE_OPTIONS for the house functions: none (infra/constructs/house-function.ts runs them without --enable-source-maps). */
export const lambdaNodeOptions = '';

/**
 * Bundles every function with the Lambda esbuild options (infra/bundling.ts) in one esbuild run
 * (one entry point each, no code splitting: each output is byte for byte what a build of that
 * entry alone gives), and measures sizes, heavy packages and, when `importRuns` > 0, import cost.
 */
export async function measureBundles(options: {
  importRuns: number;
  outDir?: string;
  log?: (line: string) => void;
}): Promise<BundleReport & { outDir: string }> {
  const log = options.log ?? (() => {});
  const outDir = options.outDir ?? mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const functions = functionsToMeasure();
  const started = performance.now();
  const { metafile } = await build({
    ...lambdaEsbuildOptions,
    entryPoints: functions.map((fn) => join(functionsDir, fn.module)),
    outdir: outDir,
    outbase: functionsDir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  const buildSeconds = round((performance.now() - started) / 1000, 1);
  log(`bundled ${functions.length} functions in ${buildSeconds} s`);

  const bundlePath = (fn: FunctionInfo) => join(outDir, fn.module.replace(/\.ts$/, '.mjs'));
  const figures: BundleFigures[] = functions.map((fn) => {
    const code = readFileSync(bundlePath(fn));
    const packages = packageSizes(metafile, bundlePath(fn));
    const heavy: Partial<Record<HeavyName, number>> = {};
    for (const name of heavyNames) {
      const bytes = heavyPackages[name].packages.reduce((sum, pkg) => sum + (packages.get(pkg) ?? 0), 0);
      if (bytes > 0) heavy[name] = bytes;
    }
    const unused = heavyNames.filter((name) => heavy[name] !== undefined && !heavyPackages[name].runs(fn));
    return {
      ...fn,
      minifiedBytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      heavy,
      unused,
      unusedBytes: unused.reduce((sum, name) => sum + heavy[name]!, 0),
      largestPackages: [...packages].sort((a, b) => b[1] - a[1]).slice(0, 6),
    };
  });

  let bareNodeMs: number | undefined;
  if (options.importRuns > 0) {
    // Interleaved runs (the bare process, then every bundle, again and again), so that a slow
    // moment of the machine touches all alike; medians of each.
    const bare: number[] = [];
    const perBundle = new Map<string, number[]>();
    const env = { ...process.env, ...lambdaEnvironment, NODE_OPTIONS: lambdaNodeOptions };
    for (let run = 0; run < options.importRuns; run += 1) {
      bare.push(timeNode(['-e', '0'], env).ms);
      for (const fn of figures) {
        if (fn.importError) continue;
        const { ms, error } = timeNode([bundlePath(fn)], env);
        if (error) fn.importError = error;
        else perBundle.set(fn.module, [...(perBundle.get(fn.module) ?? []), ms]);
      }
      log(`import cost: run ${run + 1} of ${options.importRuns}`);
    }
    bareNodeMs = round(median(bare), 1);
    for (const fn of figures) {
      const times = perBundle.get(fn.module);
      if (times && !fn.importError) fn.importMs = round(median(times) - bareNodeMs, 1);
    }
  }
  return { functions: figures, buildSeconds, importRuns: options.importRuns, bareNodeMs, nodeOptions: lambdaNodeOptions, outDir };
}

/** Wall time of one fresh node process; a non-zero exit is an error with its first stderr line. */
function timeNode(args: string[], env: NodeJS.ProcessEnv): { ms: number; error?: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], timeout: 30_000 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    return {
      ms,
      error:
        (result.stderr || String(result.error ?? result.signal)).split('\n').find((line) => /Error|error/.test(line)) ??
        `exit ${result.status}`,
    };
  return { ms };
}

/** Output bytes of one bundle per npm package (or `functions/…` for our own code). */
function packageSizes(metafile: Metafile, outfile: string): Map<string, number> {
  const totals = new Map<string, number>();
  const output = metafile.outputs[relative(process.cwd(), outfile)];
  if (!output) throw new Error(`esbuild's metafile does not list ${outfile}`);
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const name = match?.[1] ?? input.split('/')[0]!;
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return totals;
}
