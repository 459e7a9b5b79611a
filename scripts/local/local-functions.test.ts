import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../functions/routes/route';
import { jobs, outboxConsumer, supplierCallers } from '../../functions/routes/jobs';
import { routes } from '../../functions/routes';
import { FunctionHost } from './function-host';
import type { FunctionResolver } from './api-adapter';
import { type BundledModule, bundleSources, jobFunction, sourceFunctions } from './local-functions';
import { httpEvent, testOriginSecret } from '../../test/support/lambda-event';

/**
 * The local stack gives each function only the environment its route row grants in the cloud,
 * so that a row that forgets a grant fails on the local stack, not first in AWS.
 */
const environment = {
  common: {
    STAGE: 'test',
    AWS_REGION: 'us-east-1',
    GATEWAY_URL: 'https://gateway.invalid',
    SITE_URL: 'https://shop.test',
    ORIGIN_VERIFY_SECRET: testOriginSecret,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  },
  table: { TABLE_NAME: 'local-functions-test' },
  secret: { APP_MASTER_SECRET: 'local-functions-test-master-secret-0123456789' },
  gatewayKey: { GATEWAY_API_KEY: 'key' },
  supplier: { SUPPLIER_URL: 'http://127.0.0.1:9', SUPPLIER_USERNAME: 'u', SUPPLIER_API_KEY: 'k', SUPPLIER_WEBHOOK_SECRET: 's' },
  egress: { SUPPLIER_EGRESS_ADDRESS: '127.0.0.1' },
  lookup: { PLAYER_LOOKUP_URL: 'http://127.0.0.1:9', PLAYER_LOOKUP_KEY: 'lookup-key' },
  uploads: { UPLOAD_BUCKET: 'bucket', S3_ENDPOINT: 'http://127.0.0.1:9' },
  mail: { MAIL_FROM: 'shop@example.com', AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:9' },
  push: { VAPID_SECRET_ID: 'local-functions-test/vapid', AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:9' },
  edgeCache: { EDGE_DISTRIBUTION_ID: 'LOCALEDGE', AWS_ENDPOINT_URL_CLOUDFRONT: 'http://127.0.0.1:9' },
  telegram: { TELEGRAM_API_URL: 'http://127.0.0.1:9', TELEGRAM_BOT_TOKEN: '1:bot-token' },
  sms: { SMS_API_URL: 'http://127.0.0.1:9', SMS_API_KEY: 'sms-key' },
};
const bundleDir = mkdtempSync(join(tmpdir(), 'local-functions-test-'));
let bundled: BundledModule;
let functionFor: FunctionResolver;
beforeAll(async () => {
  bundled = await bundleSources(bundleDir);
  functionFor = sourceFunctions(bundled, environment);
}, 60_000);
const host = new FunctionHost();
afterAll(async () => {
  await host.stop();
  rmSync(bundleDir, { recursive: true, force: true });
});

const row = (handler: string) => routes.find((route) => route.handler === handler)!;
// Well formed, but not signed with the stage's key.
const forgedToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJVMSIsInZlciI6MX0.c2lnbmF0dXJl';

describe('local functions', () => {
  it('grant the table to every row; the key ring, the gateway key, the upload bucket, mail and invalidations only where the row needs them; nothing to the fallback', () => {
    expect(functionFor(row('auth/get-user-data')).environment).toMatchObject({ ...environment.table, ...environment.secret });
    expect(functionFor(row('auth/get-user-data')).environment).not.toHaveProperty('GATEWAY_API_KEY');
    expect(functionFor(row('payments/receive-webhook')).environment).toMatchObject(environment.gatewayKey);
    expect(functionFor(row('payments/receive-webhook')).environment).not.toHaveProperty('APP_MASTER_SECRET');
    expect(functionFor(row('promotions/list-plans')).environment).toMatchObject(environment.table);
    expect(functionFor(row('promotions/list-plans')).environment).not.toHaveProperty('APP_MASTER_SECRET');
    expect(functionFor(undefined).environment).not.toHaveProperty('TABLE_NAME');
    expect(functionFor(row('admin/presign-upload')).environment).toMatchObject(environment.uploads);
    expect(functionFor(row('admin/save-voucher')).environment).not.toHaveProperty('UPLOAD_BUCKET');
    expect(functionFor(row('auth/register-user')).environment).toMatchObject(environment.mail);
    expect(functionFor(row('auth/cancel-email-change')).environment).not.toHaveProperty('MAIL_FROM');
    expect(functionFor(row('admin/update-site-settings')).environment).toMatchObject(environment.edgeCache);
    expect(functionFor(row('admin/save-plan')).environment).toMatchObject(environment.edgeCache);
    expect(functionFor(row('admin/adjust-wallet')).environment).not.toHaveProperty('EDGE_DISTRIBUTION_ID');
    expect(functionFor(row('notifications/get-push-key')).environment).toMatchObject(environment.push);
    expect(functionFor(row('notifications/save-push-subscription')).environment).not.toHaveProperty('VAPID_SECRET_ID');
  });

  it("give the supplier's credentials to no request function but its webhook, the lookup its own key, and the address to the delivery functions alone", () => {
    const supplierRows = routes.filter((route) => 'SUPPLIER_API_KEY' in functionFor(route).environment).map((route) => route.handler);
    expect(supplierRows).toEqual(['orders/receive-supplier-callback']);
    const lookup = functionFor(row('orders/lookup-player')).environment;
    expect(lookup).toMatchObject(environment.lookup);
    expect(lookup).not.toHaveProperty('SUPPLIER_API_KEY');
    for (const route of routes) expect(functionFor(route).environment).not.toHaveProperty('SUPPLIER_EGRESS_ADDRESS');
    for (const caller of supplierCallers) expect(jobFunction(caller, bundled, environment).environment).toMatchObject(environment.egress);
  });

  it("give the Telegram bot token to the outbox's consumer alone", () => {
    expect(jobFunction(outboxConsumer, bundled, environment).environment).toMatchObject(environment.telegram);
    for (const job of jobs) expect(jobFunction(job, bundled, environment).environment).not.toHaveProperty('TELEGRAM_BOT_TOKEN');
    for (const route of routes) expect(functionFor(route).environment).not.toHaveProperty('TELEGRAM_BOT_TOKEN');
  });

  it('give the SMS stand-in and its key only to the rows that send text messages', () => {
    const texting = routes.filter((route) => 'SMS_API_KEY' in functionFor(route).environment).map((route) => route.handler);
    expect(texting).toEqual(['auth/send-mobile-code', 'orders/send-guest-orders-code']);
    expect(functionFor(row('auth/send-mobile-code')).environment).toMatchObject(environment.sms);
  });

  it('run a user route that its row grants the secret: a forged token is a 401', async () => {
    const result = (await host.invoke(functionFor(row('auth/get-user-data')), httpEvent({ headers: { authorization: forgedToken } }))) as {
      statusCode: number;
    };
    expect(result.statusCode).toBe(401);
  });

  it('fail a handler whose row forgot the secret it needs, as Lambda would', async () => {
    const wrongRow: Route = { ...row('auth/get-user-data'), access: 'public' };
    const fn = { ...sourceFunctions(bundled, environment)(wrongRow), name: 'wrong-row-get-user-data' };
    const result = (await host.invoke(fn, httpEvent({ headers: { authorization: forgedToken } }))) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({ status: 0, message: 'Something went wrong' });
  });
});
