import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import webPush from 'web-push';
import type { VapidKeys } from '../../functions/shared/secrets';
import { apiBasePath } from '../../functions/routes/route';
import { apiAdapter } from './api-adapter';
import { localMailFrom } from './domain-env';
import { startDynamoDbLocal } from './dynamodb-local';
import { FunctionHost } from './function-host';
import { localGoogleClientId, startGoogleIdp } from './google-idp';
import { deliveryJob, reconcilerJob, streamConsumers, streamFeedPattern } from '../../functions/routes/jobs';
import { pollTableStream } from './stream-poller';
import { startFakeSupplier } from './fake-supplier';
import { startPushStandIn } from './push-stand-in';
import { startTelegramStandIn } from './telegram-stand-in';
import { startSmsStandIn } from './sms-stand-in';
import { bundleSources, jobFunction, localTableGrant, sourceFunctions } from './local-functions';
import { startGatewayStandIns } from './gateway-stand-ins';
import { startSandboxGateway } from './sandbox-gateway';
import { startSecretsManager } from './secrets-manager';
import { isShopOrigin } from './shop-origins';
import { demoSupplierPrices } from './demo-supplier';
import type { SupplierCredentials } from './domain-env';
import type { DemoLogins } from './seed';
import { staticSpa } from './static-files';
import { startMailbox } from './mailbox';
import { startTableGuard } from './table-guard';
import { LocalEdgeCache, localDistributionId, startInvalidationApi } from './edge-cache';
import { startUploadStore } from './upload-store';
import { ensureTable } from './table-setup';

export const projectRoot = resolve(import.meta.dirname, '../..');

export interface StackOptions {
  /** Port of the one origin; 0 picks a free one. */
  port: number;
  /** The interface it listens on: loopback unless the developer asks for another (HOST=0.0.0.0 to test from a phone). */
  host?: string;
  /** Keep data here between runs; without it DynamoDB Local runs in memory. */
  stateDir?: string;
  /** Vite's dev server with HMR, or a built SPA (web/dist, or the test runner's own build). */
  web: 'dev' | { staticDir: string };
}

export interface RunningStack {
  url: string;
  dynamoDbEndpoint: string;
  tableName: string;
  gatewayUrl: string;
  /** Whether that gateway is the tester's own (GATEWAY_URL) rather than the stand-in. */
  externalGateway: boolean;
  /** The other gateways' stand-ins (scripts/local/gateways/), by registry name. */
  gatewayUrls: Record<string, string>;
  identityProviderUrl: string;
  /** The local SES emulator: its page lists the shop's mails, `/store` answers them as JSON. */
  mailboxUrl: string;
  /** The CloudFront stand-in that empties the edge cache (CreateInvalidation), for code that writes behind the API. */
  edgeInvalidationUrl: string;
  /** The fake top-up supplier (Digiflazz's buyer API, behaviours by the player ID's last digit; `GET /test/transactions`). */
  supplierUrl: string;
  /** Whether that supplier is the tester's own (SUPPLIER_URL) rather than the fake. */
  externalSupplier: boolean;
  /** The stand-in Web Push service (`GET /messages`: what it received, decrypted for its own test subscriptions). */
  pushServiceUrl: string;
  /** The Secrets Manager stand-in (GetSecretValue), holding the VAPID keys as `vapidSecretId`. */
  secretsManagerUrl: string;
  vapidSecretId: string;
  /** The stand-in Telegram Bot API (`GET /messages`: what operators' chats were sent). */
  telegramUrl: string;
  /** The stand-in SMS provider, sms.net.bd's API (`GET /messages`: every text message it accepted). */
  smsUrl: string;
  logins: DemoLogins;
  stop(): Promise<void>;
}

/** Secrets and demo logins of one data folder, made once so that restarts keep sessions and logins. */
interface LocalState {
  masterSecret: string;
  gatewayApiKey: string;
  /** The fake supplier's API username, key and webhook secret, and the lookup's key (a data folder made before it had them: made on load). */
  supplier?: SupplierCredentials;
  /**
   * The stage's VAPID keys (a data folder made before it had them: made and saved on load, since
   * every device's subscription is bound to the public key).
   */
  vapid?: VapidKeys;
  logins: DemoLogins;
}

/** The name of the VAPID keys' secret in the local Secrets Manager stand-in. */
export const localVapidSecretId = 'storefront-local/vapid';

/** A new VAPID key pair for a local data folder, with a contact the push stand-in accepts. */
const freshVapidKeys = (): VapidKeys => ({ ...webPush.generateVAPIDKeys(), subject: 'mailto:support@topupbazar.local' });

/** The fake supplier's credentials: the caller's (the test runner, the bench: SUPPLIER_API_KEY…) or fresh ones. */
const freshSupplierCredentials = (): SupplierCredentials => ({
  username: process.env.SUPPLIER_USERNAME || 'storefront-local',
  apiKey: process.env.SUPPLIER_API_KEY || randomBytes(18).toString('base64url'),
  webhookSecret: process.env.SUPPLIER_WEBHOOK_SECRET || randomBytes(18).toString('base64url'),
  lookupKey: process.env.PLAYER_LOOKUP_KEY || randomBytes(24).toString('base64url'),
});

/**
 * What Digiflazz asks between two calls about one top-up is a minute; the local stack shortens it
 * (SUPPLIER_CALL_SPACING_SECONDS) for its functions and its fake alike, so the fake still refuses
 * (rc 85) a shop that asks sooner than its own setting.
 */
const callSpacingSeconds = Number(process.env.SUPPLIER_CALL_SPACING_SECONDS ?? 15);

/** The local stack's table name. */
export const tableName = 'storefront-local';

/** What a running stack says of itself in its data folder, for tools that use its data. */
export interface RunningStackFile {
  pid: number;
  dynamoDbEndpoint: string;
  tableName: string;
}

/** Where a running stack of this data folder describes itself. */
export const runningStackFile = (stateDir: string) => join(stateDir, 'running.json');

/**
 * The payment gateway the shop talks to: a UddoktaPay-compatible gateway of the tester's
 * (`GATEWAY_URL` and `GATEWAY_API_KEY`: the public sandbox, a shop's own install, or a stand-in
 * started apart with `npm run gateway`), or else the stand-in, started here with this data
 * folder's key (it sends webhooks by itself only with `GATEWAY_AUTO_WEBHOOK=1`, as newer installs
 * do; otherwise only when asked from its panel, as checkout-v2 is documented).
 */
async function paymentGateway(state: LocalState): Promise<{ url: string; apiKey: string; external: boolean; stop: () => Promise<void> }> {
  const url = process.env.GATEWAY_URL?.trim();
  if (url) {
    const apiKey = process.env.GATEWAY_API_KEY?.trim();
    if (!apiKey)
      throw new Error('GATEWAY_URL is set without GATEWAY_API_KEY: give both to use your own gateway, or neither to use the stand-in');
    return { url: url.replace(/\/+$/, ''), apiKey, external: true, stop: async () => {} };
  }
  const sandbox = await startSandboxGateway({ apiKey: state.gatewayApiKey, autoWebhook: process.env.GATEWAY_AUTO_WEBHOOK === '1' });
  return { ...sandbox, apiKey: state.gatewayApiKey, external: false };
}

/**
 * The top-up supplier the shop talks to: a Digiflazz-compatible one of the tester's
 * (`SUPPLIER_URL`, `SUPPLIER_USERNAME`, `SUPPLIER_API_KEY`, `SUPPLIER_WEBHOOK_SECRET`, and
 * `PLAYER_LOOKUP_URL` for nicknames), or else the fake supplier on loopback with this data
 * folder's credentials, selling the demo's automatic plans.
 */
async function topUpSupplier(credentials: NonNullable<LocalState['supplier']>) {
  const url = process.env.SUPPLIER_URL?.trim();
  if (url) {
    const own = {
      username: process.env.SUPPLIER_USERNAME?.trim() ?? '',
      apiKey: process.env.SUPPLIER_API_KEY?.trim() ?? '',
      webhookSecret: process.env.SUPPLIER_WEBHOOK_SECRET?.trim() ?? '',
    };
    if (!own.username || !own.apiKey || !own.webhookSecret)
      throw new Error(
        'SUPPLIER_URL is set without SUPPLIER_USERNAME, SUPPLIER_API_KEY and SUPPLIER_WEBHOOK_SECRET: give all four, or none to use the fake',
      );
    const lookupUrl = process.env.PLAYER_LOOKUP_URL?.trim() ?? '';
    const lookupKey = process.env.PLAYER_LOOKUP_KEY?.trim() ?? '';
    return { url, lookupUrl, credentials: { ...own, lookupKey }, external: true, setWebhookUrl: () => {}, stop: async () => {} };
  }
  const fake = await startFakeSupplier({ ...credentials, products: demoSupplierPrices, callSpacingMs: callSpacingSeconds * 1000 });
  return { url: fake.url, lookupUrl: fake.url, credentials, external: false, setWebhookUrl: fake.setWebhookUrl, stop: fake.stop };
}

/** Fresh secrets, unless the caller (the test runner) passes its own in the environment. */
function freshState(): LocalState {
  const password = () => randomBytes(9).toString('base64url');
  return {
    masterSecret: process.env.APP_MASTER_SECRET ?? randomBytes(32).toString('base64url'),
    gatewayApiKey: process.env.GATEWAY_API_KEY ?? randomBytes(24).toString('base64url'),
    supplier: freshSupplierCredentials(),
    vapid: freshVapidKeys(),
    logins: {
      shopper: { email: 'shopper@example.com', mobileNo: '01711000001', password: password() },
      admin: { email: 'admin@example.com', mobileNo: '01711000002', password: password() },
    },
  };
}

async function loadState(stateDir: string | undefined): Promise<LocalState> {
  if (!stateDir) return freshState();
  const file = join(stateDir, 'state.json');
  if (existsSync(file)) {
    const kept = JSON.parse(await readFile(file, 'utf8')) as LocalState;
    if (kept.vapid && kept.supplier?.lookupKey) return kept;
    const upgraded = {
      ...kept,
      vapid: kept.vapid ?? freshVapidKeys(),
      supplier: {
        ...freshSupplierCredentials(),
        ...kept.supplier,
        lookupKey: kept.supplier?.lookupKey ?? freshSupplierCredentials().lookupKey,
      },
    };
    await writeFile(file, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
    return upgraded;
  }
  const state = freshState();
  await mkdir(stateDir, { recursive: true });
  await writeFile(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  return state;
}

/**
 * Brings up the whole shop on one origin: DynamoDB Local with the table and demo data, the
 * sandbox gateway and the stand-in Google identity provider on free ports, and one HTTP server
 * that hands /api to the same handler modules Lambda runs and everything else to the SPA.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const state = await loadState(options.stateDir);
  // What CloudFront would send in x-origin-verify; only this process's adapter knows it.
  const originVerifySecret = randomBytes(24).toString('base64url');
  const dataDir = options.stateDir ? join(options.stateDir, 'dynamodb') : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir });
  const gateway = await paymentGateway(state);
  const otherGateways = await startGatewayStandIns(gateway.apiKey);
  const supplierCredentials = state.supplier ?? freshSupplierCredentials();
  const supplier = await topUpSupplier(supplierCredentials);
  const identityProvider = await startGoogleIdp();
  // The notification channels' stand-ins, for the outbox's consumer (issue 23) and a tester's eyes.
  const pushService = await startPushStandIn();
  // The caller's (the test runner, which then sends as the consumer does) or a fresh one.
  const telegramBotToken = process.env.TELEGRAM_BOT_TOKEN || `${randomInt(1e8, 1e9)}:${randomBytes(24).toString('base64url')}`;
  const telegram = await startTelegramStandIn({ token: telegramBotToken });
  // Likewise the SMS provider's key: the caller's, or a fresh one.
  const smsApiKey = process.env.SMS_API_KEY || randomBytes(24).toString('base64url');
  const sms = await startSmsStandIn({ apiKey: smsApiKey });
  const uploadsDir = options.stateDir ? join(options.stateDir, 'uploads') : await mkdtemp(join(tmpdir(), 'storefront-uploads-'));
  let shopOrigin = '';
  const uploadBucket = 'storefront-uploads';
  const uploads = await startUploadStore({
    dir: uploadsDir,
    bucket: uploadBucket,
    secretAccessKey: 'local',
    allowOrigin: (origin) => isShopOrigin(origin, { url: shopOrigin, host: options.host }),
  });
  const mailbox = await startMailbox();
  // Secrets Manager for the secrets the functions read through it here as in the cloud: the VAPID keys.
  const secretsManager = await startSecretsManager({ [localVapidSecretId]: JSON.stringify(state.vapid ?? freshVapidKeys()) });
  const edgeCache = new LocalEdgeCache();
  const invalidations = await startInvalidationApi(edgeCache);
  // The seed and the admin command sign as `local` and pass; each function signs as itself and gets its row's grant.
  const tableGuard = await startTableGuard(dynamo.endpoint, (accessKeyId) =>
    accessKeyId === 'local' ? 'unrestricted' : localTableGrant(accessKeyId),
  );
  const stops: (() => Promise<void>)[] = [
    dynamo.stop,
    tableGuard.stop,
    gateway.stop,
    otherGateways.stop,
    supplier.stop,
    pushService.stop,
    telegram.stop,
    sms.stop,
    identityProvider.stop,
    uploads.stop,
    mailbox.stop,
    secretsManager.stop,
    invalidations.stop,
  ];
  if (!options.stateDir) stops.push(() => rm(uploadsDir, { recursive: true, force: true }));

  const environment = {
    common: {
      STAGE: 'local',
      // The shop's own origin, set below once the server listens (before any function starts).
      SITE_URL: '',
      ORIGIN_VERIFY_SECRET: originVerifySecret,
      AWS_ENDPOINT_URL_DYNAMODB: tableGuard.url,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      GATEWAY_URL: gateway.url,
      ...(Object.keys(otherGateways.urls).length > 0 ? { GATEWAY_URLS: JSON.stringify(otherGateways.urls) } : {}),
      GOOGLE_CLIENT_ID: localGoogleClientId,
      GOOGLE_ISSUER: identityProvider.issuer,
      GOOGLE_JWKS_URL: identityProvider.jwksUrl,
      POWERTOOLS_SERVICE_NAME: 'storefront',
      // No CloudWatch here to read the business metrics' EMF lines: Powertools' own switch keeps them off stdout.
      POWERTOOLS_METRICS_DISABLED: 'true',
    },
    table: { TABLE_NAME: tableName },
    secret: { APP_MASTER_SECRET: state.masterSecret },
    gatewayKey: { GATEWAY_API_KEY: otherGateways.secret },
    supplier: {
      SUPPLIER_URL: supplier.url,
      SUPPLIER_USERNAME: supplier.credentials.username,
      SUPPLIER_API_KEY: supplier.credentials.apiKey,
      SUPPLIER_WEBHOOK_SECRET: supplier.credentials.webhookSecret,
      SUPPLIER_CALL_SPACING_SECONDS: String(callSpacingSeconds),
    },
    // Every call leaves from loopback here, which the fake supplier has whitelisted.
    egress: { SUPPLIER_EGRESS_ADDRESS: '127.0.0.1' },
    lookup: {
      PLAYER_LOOKUP_URL: supplier.lookupUrl,
      PLAYER_LOOKUP_KEY: supplier.credentials.lookupKey,
    },
    uploads: { UPLOAD_BUCKET: uploadBucket, S3_ENDPOINT: uploads.url },
    mail: { MAIL_FROM: localMailFrom, AWS_ENDPOINT_URL_SESV2: mailbox.url },
    push: { VAPID_SECRET_ID: localVapidSecretId, AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url },
    edgeCache: { EDGE_DISTRIBUTION_ID: localDistributionId, AWS_ENDPOINT_URL_CLOUDFRONT: invalidations.url },
    telegram: { TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: telegramBotToken },
    sms: { SMS_API_URL: sms.url, SMS_API_KEY: smsApiKey },
  };
  // The seed runs the domain code in this process: it gets everything.
  Object.assign(process.env, environment.common, environment.table, environment.secret, environment.gatewayKey, environment.mail);
  const bundleDir = await mkdtemp(join(tmpdir(), 'storefront-functions-'));
  stops.push(() => rm(bundleDir, { recursive: true, force: true }));
  const bundled = await bundleSources(bundleDir);
  const functions = new FunctionHost();
  stops.push(() => functions.stop());
  // The jobs on timers, as EventBridge runs them in the cloud: the reconciler every five minutes
  // (RECONCILE_EVERY_SECONDS), the delivery job every minute (DELIVERY_EVERY_SECONDS; 15 s here, so
  // a lost answer is found while the tester watches); 0 turns one off.
  const schedules = [
    { job: reconcilerJob, seconds: Number(process.env.RECONCILE_EVERY_SECONDS ?? 300) },
    { job: deliveryJob, seconds: Number(process.env.DELIVERY_EVERY_SECONDS ?? 15) },
  ];
  for (const { job, seconds } of schedules) {
    if (!(seconds > 0)) continue;
    const fn = jobFunction(job, bundled, environment);
    const timer = setInterval(() => {
      functions.invoke(fn, { source: 'local.schedule' }).catch((error: unknown) => console.error(`${job.module} failed`, error));
    }, seconds * 1000);
    timer.unref();
    stops.push(async () => clearInterval(timer));
  }
  const handleApiRequest = apiAdapter(functions, sourceFunctions(bundled, environment), originVerifySecret, edgeCache);
  // What the deployed bucket's config.json says in the cloud, pointed at the stand-in here.
  const webConfig = JSON.stringify({ googleClientId: localGoogleClientId, googleAuthUrl: identityProvider.authorizationUrl });

  try {
    const client = new DynamoDBClient({ endpoint: dynamo.endpoint });
    if (await ensureTable(client, tableName)) {
      const { seedDemoShop } = await import('./seed');
      await seedDemoShop(state.logins);
    }
    client.destroy();

    const web = options.web === 'dev' ? await viteMiddleware() : undefined;
    const built = options.web === 'dev' ? undefined : staticSpa(options.web.staticDir, { uploadOrigin: uploads.url });
    const spa = built ?? web!.handle;
    const server = createServer((request, response) => {
      const path = request.url ?? '/';
      // CloudFront's response headers policy covers every response of the site; Vite's dev server (inline scripts, HMR) gets none.
      for (const [name, value] of Object.entries(built?.headers ?? {})) response.setHeader(name, value);
      if (path === '/config.json') {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(webConfig);
        return;
      }
      const handled =
        path === apiBasePath || path.startsWith(`${apiBasePath}/`)
          ? handleApiRequest(request, response)
          : path.startsWith('/uploads/')
            ? uploads.serve(request, response)
            : spa(request, response);
      Promise.resolve(handled).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await web?.attach(server);
    if (web) stops.unshift(web.close);
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(options.port, options.host ?? '127.0.0.1', done);
    });
    stops.unshift(() => new Promise((done) => server.close(() => done())));
    const { port } = server.address() as AddressInfo;
    shopOrigin = `http://localhost:${port}`;
    // Known once listening, before any request: links in mails and the gateway's return addresses.
    environment.common.SITE_URL = shopOrigin;
    supplier.setWebhookUrl(`${shopOrigin}${apiBasePath}/supplier/digiflazz/webhook`);
    // The stream's consumers (the outbox's and the delivery dispatcher), each fed the table's stream
    // by a poller of its own, filtered as its event source mapping filters it in the cloud; from
    // here on, since they link to the shop's origin.
    for (const job of streamConsumers) {
      const consumer = jobFunction(job, bundled, environment);
      const streamPoller = pollTableStream({
        endpoint: dynamo.endpoint,
        tableName,
        // As often as the cloud's event source hands a batch over: at once, or after its batching window.
        everyMs: 'batchWindowSeconds' in job ? job.batchWindowSeconds * 1000 : 500,
        patterns: [streamFeedPattern(job.newImage)],
        deliver: async (records) => {
          const answer = (await functions.invoke(consumer, { Records: records })) as { batchItemFailures?: unknown[] } | undefined;
          if (answer?.batchItemFailures?.length)
            throw new Error(`${answer.batchItemFailures.length} records of ${job.module} failed; read again`);
        },
      });
      stops.unshift(streamPoller.stop);
    }
    if (options.stateDir) {
      // Tells the admin command which DynamoDB Local holds this data folder while the stack runs.
      const file = runningStackFile(options.stateDir);
      await writeFile(file, JSON.stringify({ pid: process.pid, dynamoDbEndpoint: dynamo.endpoint, tableName } satisfies RunningStackFile));
      stops.unshift(() => rm(file, { force: true }));
    }

    return {
      url: shopOrigin,
      dynamoDbEndpoint: dynamo.endpoint,
      tableName,
      gatewayUrl: gateway.url,
      externalGateway: gateway.external,
      gatewayUrls: otherGateways.urls,
      identityProviderUrl: identityProvider.url,
      mailboxUrl: mailbox.url,
      edgeInvalidationUrl: invalidations.url,
      supplierUrl: supplier.url,
      externalSupplier: supplier.external,
      pushServiceUrl: pushService.url,
      secretsManagerUrl: secretsManager.url,
      vapidSecretId: localVapidSecretId,
      telegramUrl: telegram.url,
      smsUrl: sms.url,
      logins: state.logins,
      stop: () => stopAll(stops),
    };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}

async function stopAll(stops: (() => Promise<void>)[]): Promise<void> {
  await Promise.allSettled(stops.map((stop) => stop()));
}

/** Vite in middleware mode, its HMR websocket on our own server so that all is one origin. */
export async function viteMiddleware() {
  const { createServer: createViteServer } = await import('vite');
  let vite: Awaited<ReturnType<typeof createViteServer>> | undefined;
  return {
    async attach(server: import('node:http').Server) {
      vite = await createViteServer({
        configFile: join(projectRoot, 'web', 'vite.config.ts'),
        server: { middlewareMode: true, ws: { server } },
        appType: 'spa',
      });
    },
    handle(request: IncomingMessage, response: ServerResponse) {
      vite!.middlewares(request, response);
    },
    close: () => vite?.close() ?? Promise.resolve(),
  };
}
