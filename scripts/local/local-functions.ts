import { join } from 'node:path';
import { build } from 'esbuild';
import { functionsDir, lambdaEsbuildOptions } from '../../infra/bundling';
import { type Route, handlerModule } from '../../functions/routes/route';
import {
  type TableGrant,
  needsGatewayKey,
  needsLookup,
  needsSecret,
  needsSms,
  needsSupplier,
  needsVapid,
  tableGrantOf,
} from '../../functions/routes/grants';
import { fallbackHandler, routes } from '../../functions/routes';
import { jobs, streamConsumers } from '../../functions/routes/jobs';
import type { FunctionResolver } from './api-adapter';
import type { LocalFunction } from './function-host';

/** The environment of the local stack's functions, in the parts a route row grants or not. */
export interface LocalEnvironment {
  /** What every function gets: the stage's settings (SITE_URL among them), the origin secret, the AWS endpoints and region. */
  common: Record<string, string>;
  /** What a function with table access gets (TABLE_NAME). */
  table: Record<string, string>;
  /** What a function granted the key ring gets (its value, since there is no Secrets Manager here). */
  secret: Record<string, string>;
  /** What a function granted the gateway's API key gets. */
  gatewayKey: Record<string, string>;
  /** What a function granted the top-up supplier gets: its address and credentials. */
  supplier: Record<string, string>;
  /** What a function that calls the supplier's API gets besides: the outbound address its calls leave from. */
  egress: Record<string, string>;
  /** What a function that calls the nickname lookup gets: its address and its own key. */
  lookup: Record<string, string>;
  /** What a function that sends text messages gets: the SMS stand-in as the provider's API, and its key. */
  sms: Record<string, string>;
  /** What a function granted the VAPID keys gets: the secret's name, and the local Secrets Manager stand-in as its endpoint. */
  push: Record<string, string>;
  /** What a function that signs uploads gets: the bucket, and the local file store as its S3 endpoint. */
  uploads: Record<string, string>;
  /** What a function that sends mail gets: the sender, and the local SES emulator as its endpoint. */
  mail: Record<string, string>;
  /** What a function that invalidates cached reads gets: the distribution, and the local CloudFront stand-in as its endpoint. */
  edgeCache: Record<string, string>;
  /** What the outbox's consumer gets to send operator alerts: the bot token, and the Telegram stand-in as the Bot API. */
  telegram: Record<string, string>;
}

/** Variables of the developer's or test runner's shell that tune the local functions (never set in the cloud). */
const tuning = [
  'LOGIN_WINDOW_SECONDS',
  'REGISTER_LIMIT_PER_ADDRESS',
  'GOOGLE_NONCE_LIMIT_PER_ADDRESS',
  'CHECKOUT_LIMIT_PER_ADDRESS',
  'RESET_LIMIT_PER_ADDRESS',
  'GUEST_FIND_LIMIT_PER_ADDRESS',
  'RECONCILE_MIN_AGE_SECONDS',
  'SUPPLIER_CALL_SPACING_SECONDS',
  'POWERTOOLS_LOG_LEVEL',
  // POWERTOOLS_METRICS_DISABLED=false shows the business metrics' EMF lines the local stack leaves out.
  'POWERTOOLS_METRICS_DISABLED',
];

/** The tuning variables set in this process's environment. */
const shellTuningOf = () => Object.fromEntries(tuning.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

/** A local function's name, which is also its AWS access key: the table guard knows it by that. */
const localName = (handler: string) => `local-${handler.replace(/\//g, '-')}`;
/** A scheduled job's local name (its access key): `local-payments-reconcile-payments`. */
const jobName = (job: { module: string }) =>
  `local-${job.module
    .replace(/\/jobs\//, '/')
    .replace(/\.ts$/, '')
    .replace(/\//g, '-')}`;

/** The table grant of a local function by its access key, as its role has in the cloud: see table-guard.ts. */
export function localTableGrant(accessKeyId: string): TableGrant | undefined {
  const job = [...jobs, ...streamConsumers].find((candidate) => jobName(candidate) === accessKeyId);
  if (job) return tableGrantOf(job);
  const row = routes.find((route) => localName(route.handler) === accessKeyId);
  return row ? tableGrantOf(row) : undefined;
}

/** A function's credentials: its name as the access key, so the table guard applies its grant. */
const credentialsOf = (name: string) => ({ AWS_ACCESS_KEY_ID: name, AWS_SECRET_ACCESS_KEY: 'local' });

/** Where each function's module was bundled to, by its path relative to functions/ (`catalog/handlers/list-plans.ts`). */
export type BundledModule = (module: string) => string;

/**
 * Bundles every handler and the reconciler into `outDir` with the Lambda bundles' esbuild options
 * (infra/bundling.ts), in one build that puts shared code in chunks (under a second), unminified
 * so that local stack traces read. A worker then loads plain JavaScript: about 0.15 s of CPU a
 * function where tsx's loader took 0.9 s (measured), which each route's first request paid.
 * Source changes take a restart, as they did while each worker kept its imported modules.
 */
export async function bundleSources(outDir: string): Promise<BundledModule> {
  const modules = [
    ...new Set([
      ...routes.map((route) => handlerModule(route.handler)),
      handlerModule(fallbackHandler),
      ...jobs.map((job) => job.module),
      ...streamConsumers.map((consumer) => consumer.module),
    ]),
  ];
  await build({
    ...lambdaEsbuildOptions,
    entryPoints: modules.map((module) => join(functionsDir, module)),
    outdir: outDir,
    outbase: functionsDir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    minify: false,
  });
  return (module) => join(outDir, module.replace(/\.ts$/, '.mjs'));
}

/**
 * The handlers, each with the environment its row gets in the cloud
 * (infra/constructs/api.ts): the table for every row, the key ring only where `needsSecret` says,
 * the gateway key only where `needsGatewayKey` says, the upload bucket only where the row signs
 * uploads, none of them for the fallback.
 */
export function sourceFunctions(bundled: BundledModule, environment: LocalEnvironment): FunctionResolver {
  const shellTuning = shellTuningOf();
  const cache = new Map<string, LocalFunction>();
  return (route: Route | undefined) => {
    const handler = route?.handler ?? fallbackHandler;
    let fn = cache.get(handler);
    if (!fn) {
      const name = localName(handler);
      fn = {
        name,
        module: bundled(handlerModule(handler)),
        environment: {
          ...environment.common,
          ...credentialsOf(name),
          ...(route ? environment.table : {}),
          ...(route && needsSecret(route) ? environment.secret : {}),
          ...(route && needsGatewayKey(route) ? environment.gatewayKey : {}),
          ...(route && needsSupplier(route) ? environment.supplier : {}),
          ...(route && needsLookup(route) ? environment.lookup : {}),
          ...(route && needsSms(route) ? environment.sms : {}),
          ...(route && needsVapid(route) ? environment.push : {}),
          ...(route?.uploads ? environment.uploads : {}),
          ...(route?.mail ? environment.mail : {}),
          ...(route?.invalidates?.length ? environment.edgeCache : {}),
          ...shellTuning,
        },
        timeoutMs: 10_000,
      };
      cache.set(handler, fn);
    }
    return fn;
  };
}

/**
 * A job as the local stack runs it (the payments reconciler and the delivery job on timers, the
 * outbox's consumer and the delivery dispatcher fed by the stream poller): the same module as the
 * scheduled or stream-fed Lambda, with the environment the cloud gives it.
 */
export function jobFunction(
  job: (typeof jobs)[number] | (typeof streamConsumers)[number],
  bundled: BundledModule,
  environment: LocalEnvironment,
): LocalFunction {
  const name = jobName(job);
  return {
    name,
    module: bundled(job.module),
    environment: {
      ...environment.common,
      ...credentialsOf(name),
      ...environment.table,
      ...('gateway' in job && job.gateway ? environment.gatewayKey : {}),
      ...('supplier' in job && needsSupplier(job) ? environment.supplier : {}),
      ...('egress' in job && job.egress ? environment.egress : {}),
      ...('mail' in job && job.mail ? environment.mail : {}),
      ...('secret' in job && job.secret ? environment.secret : {}),
      ...('push' in job && needsVapid(job) ? environment.push : {}),
      ...('telegram' in job && job.telegram ? environment.telegram : {}),
      ...('sms' in job && needsSms(job) ? environment.sms : {}),
      ...shellTuningOf(),
    },
    timeoutMs: 120_000,
  };
}
