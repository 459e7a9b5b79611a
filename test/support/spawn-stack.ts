import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { stopChild } from '../../scripts/local/child';
import { type SupplierCredentials, newSupplierCredentials, supplierEnvironment } from '../../scripts/local/domain-env';

export const projectRoot = resolve(import.meta.dirname, '../..');

/** The login-limit window of test stacks: short, so that a lock can be seen to end. */
export const testLoginWindowSeconds = 6;

/** What the tests know of a running stack; secrets are the tests' own, handed to the stack. */
export interface StackInfo {
  url: string;
  dynamoDbEndpoint: string;
  tableName: string;
  gatewayUrl: string;
  /** The other gateways' stand-ins (scripts/local/gateways/), by registry name. */
  gatewayUrls: Record<string, string>;
  identityProviderUrl: string;
  mailboxUrl: string;
  edgeInvalidationUrl: string;
  /** The fake supplier (Digiflazz's buyer API): `GET /test/transactions`, `POST /test/down`. */
  supplierUrl: string;
  /** The Web Push stand-in: `GET /messages`, `POST /test/subscriptions`, `/test/gone/<id>`, `/test/fail-once/<id>`. */
  pushServiceUrl: string;
  /** The Secrets Manager stand-in, holding the stage's VAPID keys as `vapidSecretId`. */
  secretsManagerUrl: string;
  vapidSecretId: string;
  /** The Telegram Bot API stand-in: `GET /messages`, `POST /test/fail`. */
  telegramUrl: string;
  /** The SMS provider stand-in (sms.net.bd's API): `GET /messages`, `POST /test/fail`. */
  smsUrl: string;
  logins: {
    shopper: { email: string; mobileNo: string; password: string };
    admin: { email: string; mobileNo: string; password: string };
  };
  masterSecret: string;
  gatewayApiKey: string;
  supplierCredentials: SupplierCredentials;
  /** The operators' bot token the stack was handed (its stand-in accepts only it). */
  telegramBotToken: string;
}

/** Where a stack of this name logs: one file per lane of `npm test` (TEST_LANE), since lanes run side by side. */
const stackLogFile = (name: string) => join('test-results', `${name}${process.env.TEST_LANE ? `-${process.env.TEST_LANE}` : ''}-stack.log`);

/** What a stack of this name has logged so far (its functions' lines and its own). */
export const stackLog = (name: string) => readFileSync(join(projectRoot, stackLogFile(name)), 'utf8');

/**
 * Starts the local stack exactly as `npm start` does, on a free port with fresh in-memory
 * data, and waits for its ready line. Its logs go to test-results/<name>[-<lane>]-stack.log.
 */
export async function spawnStack(
  name: string,
  options: { staticDir?: string; gateway?: { url: string; apiKey: string } },
): Promise<{ info: StackInfo; stop: () => Promise<void> }> {
  const masterSecret = randomBytes(32).toString('base64url');
  const gatewayApiKey = options.gateway?.apiKey ?? randomBytes(24).toString('base64url');
  const supplierCredentials = newSupplierCredentials('storefront-test');
  const telegramBotToken = `${randomBytes(4).readUInt32BE() + 1}:${randomBytes(24).toString('base64url')}`;
  const args = ['--import', 'tsx', 'scripts/start.ts', '--memory', '--json', ...(options.staticDir ? ['--static', options.staticDir] : [])];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: '0',
      APP_MASTER_SECRET: masterSecret,
      GATEWAY_API_KEY: gatewayApiKey,
      // The stand-in unless the test starts a gateway of its own, whatever the developer's shell says.
      GATEWAY_URL: options.gateway?.url ?? '',
      // The fake supplier, with the test's credentials, whatever the developer's shell says.
      SUPPLIER_URL: '',
      ...supplierEnvironment(supplierCredentials),
      TELEGRAM_BOT_TOKEN: telegramBotToken,
      // The delivery job on its timer, faster, and the supplier's spacing between calls about one
      // top-up 2 s instead of Digiflazz's minute (the fake supplier refuses a sooner call with rc 85).
      DELIVERY_EVERY_SECONDS: '2',
      SUPPLIER_CALL_SPACING_SECONDS: '2',
      LOGIN_WINDOW_SECONDS: String(testLoginWindowSeconds),
      // The suite registers hundreds of accounts, starts hundreds of payments and asks for many resets from 127.0.0.1;
      // the tests of these limits run the services in-process with the real ones.
      REGISTER_LIMIT_PER_ADDRESS: '100000',
      GOOGLE_NONCE_LIMIT_PER_ADDRESS: '100000',
      CHECKOUT_LIMIT_PER_ADDRESS: '100000',
      RESET_LIMIT_PER_ADDRESS: '100000',
      GUEST_FIND_LIMIT_PER_ADDRESS: '100000',
      // The reconciler runs on its timer as in the cloud, only faster: payments lost for 30 s settle by themselves.
      RECONCILE_EVERY_SECONDS: '3',
      RECONCILE_MIN_AGE_SECONDS: '30',
      // Every request's line, so that tests can search what the functions log.
      POWERTOOLS_LOG_LEVEL: 'INFO',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
  const log = createWriteStream(join(projectRoot, stackLogFile(name)));
  child.stderr!.pipe(log);

  const ready = await new Promise<Omit<StackInfo, 'masterSecret' | 'gatewayApiKey' | 'supplierCredentials' | 'telegramBotToken'>>(
    (done, fail) => {
      const timer = setTimeout(() => fail(new Error(`The ${name} stack did not start in 90 s; see ${stackLogFile(name)}`)), 90_000);
      child.once('exit', (code) => fail(new Error(`The ${name} stack exited with ${code}; see ${stackLogFile(name)}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        log.write(`${line}\n`);
        if (!line.startsWith('{"ready"')) return;
        clearTimeout(timer);
        done(
          (JSON.parse(line) as { ready: Omit<StackInfo, 'masterSecret' | 'gatewayApiKey' | 'supplierCredentials' | 'telegramBotToken'> })
            .ready,
        );
      });
    },
  );
  return { info: { ...ready, masterSecret, gatewayApiKey, supplierCredentials, telegramBotToken }, stop: () => stopChild(child) };
}
