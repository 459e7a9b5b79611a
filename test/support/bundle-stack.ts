import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';
import webPush from 'web-push';
import { type Route, type WriteAction, apiBasePath, canonicalPath } from '../../functions/routes/route';
import type { TableGrant } from '../../functions/routes/grants';
import { apiAdapter } from '../../scripts/local/api-adapter';
import { startDynamoDbLocal } from '../../scripts/local/dynamodb-local';
import { FunctionHost, type LocalFunction } from '../../scripts/local/function-host';
import { LocalEdgeCache, localDistributionId, startInvalidationApi } from '../../scripts/local/edge-cache';
import { startMailbox } from '../../scripts/local/mailbox';
import { demoSupplierPrices } from '../../scripts/local/demo-supplier';
import { newSupplierCredentials } from '../../scripts/local/domain-env';
import { startFakeSupplier } from '../../scripts/local/fake-supplier';
import { startSandboxGateway } from '../../scripts/local/sandbox-gateway';
import { startSecretsManager } from '../../scripts/local/secrets-manager';
import { startSmsStandIn } from '../../scripts/local/sms-stand-in';
import { staticSpa } from '../../scripts/local/static-files';
import { startTableGuard } from '../../scripts/local/table-guard';
import { pollTableStream } from '../../scripts/local/stream-poller';
import { ensureTable } from '../../scripts/local/table-setup';
import { type TemplateJson, flattened } from './nested-stacks';
import { type TemplateStatement, roleIdOf, roleStatements } from './role-statements';
import { projectRoot } from './spawn-stack';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, string> };

/** What the bundle tier's tests know of the stack. */
export interface BundleStackInfo {
  url: string;
  gatewayUrl: string;
  gatewayApiKey: string;
  /** The SES v2 stand-in the mail functions send through (`/store` lists what they sent). */
  mailboxUrl: string;
  /** The SMS provider's stand-in the texting functions send through (`/messages` lists what they sent). */
  smsUrl: string;
  /** Every function of the stack and its nested stacks, by logical id: the bundle it runs and its environment as the template gives it. */
  functions: Record<string, { module: string; environment: Record<string, string> }>;
  shopper: { email: string; password: string };
}

/**
 * The bundle tier's stack: synthesizes the dev stage with the real CDK app (cdk-nag included),
 * then serves the bundles that synth wrote (each function's `index.mjs` in cdk.out, unmodified)
 * behind the local API adapter, each in its own worker with the environment of its function in
 * the template (a nested stack's read into the main one): references resolved to local stand-ins
 * (the table in DynamoDB Local, the secrets in a Secrets Manager stand-in, the origin secret's
 * dynamic reference resolved as CloudFormation would), the stage's site and gateway replaced by the
 * local ones, and the SDK pointed at the stand-ins with its own AWS_ENDPOINT_URL_* variables.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'storefront-bundles-'));
  const stops: (() => unknown)[] = [() => rmSync(workDir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const webDir = join(workDir, 'web');
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    mkdirSync(join(webDir, 'images'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>TopUp Bazar</title><div id="root"></div>');
    const outDir = join(workDir, 'cdk.out');
    const cdkJson = JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
    const started = performance.now();
    execFileSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        CDK_OUTDIR: outDir,
        // Dev with the fixed supplier address prod has, so that the delivery functions' wiring runs here too.
        CDK_CONTEXT_JSON: JSON.stringify({
          ...cdkJson.context,
          'aws:cdk:enable-asset-metadata': true,
          stage: 'dev',
          webAssetsDir: webDir,
          fixedSupplierAddress: true,
        }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    console.log(`bundle tier: synthesized Storefront-dev in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const readTemplate = (file: string) => JSON.parse(readFileSync(join(outDir, file), 'utf8')) as TemplateJson;
    const main = readTemplate('Storefront-dev.template.json');
    // The nested stacks (the API's areas, the alarms) are template files of their own, named in their resource's asset metadata.
    const nested = Object.fromEntries(
      Object.entries(main.Resources as Record<string, Resource>)
        .filter(([, resource]) => resource.Type === 'AWS::CloudFormation::Stack')
        .map(([id, resource]) => [id, readTemplate(resource.Metadata!['aws:asset:path']!)]),
    );
    // One template, every value as the main stack states it: the references below resolve wherever a function is.
    const template = flattened(main, nested) as { Resources: Record<string, Resource> };
    const resources = Object.entries(template.Resources);
    const idOf = (type: string, prefix: string) => resources.find(([id, r]) => r.Type === type && id.startsWith(prefix))![0];

    const dynamo = await startDynamoDbLocal();
    stops.push(dynamo.stop);
    const tableName = 'storefront-bundles';
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, tableName);
    client.destroy();
    // The demo shop, made by the domain code in this process (data setup only; the journey runs
    // through the bundles), with this process's environment put back after it: other tiers' stacks start from it.
    const savedEnvironment = { ...process.env };
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      APP_MASTER_SECRET: randomBytes(32).toString('base64url'),
      GATEWAY_URL: 'http://127.0.0.1:9',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    });
    const password = () => randomBytes(9).toString('base64url');
    const { seedDemoShop } = await import('../../scripts/local/seed');
    await seedDemoShop({
      shopper: { email: 'shopper@example.com', mobileNo: '01711000001', password: password() },
      admin: { email: 'admin@example.com', mobileNo: '01711000002', password: password() },
    });
    for (const name of Object.keys(process.env)) if (!(name in savedEnvironment)) delete process.env[name];
    Object.assign(process.env, savedEnvironment);

    const gatewayApiKey = randomBytes(24).toString('base64url');
    const originSecret = randomBytes(24).toString('base64url');
    const supplierCredentials = newSupplierCredentials('storefront-bundles');
    const secretNames = {
      keys: 'storefront-bundles-keys',
      gateway: 'storefront-bundles-gateway-key',
      origin: 'storefront-bundles-origin',
      supplier: 'storefront-bundles-supplier',
      lookup: 'storefront-bundles-lookup',
      vapid: 'storefront-bundles-vapid',
      telegram: 'storefront-bundles-telegram',
      sms: 'storefront-bundles-sms',
    };
    const smsApiKey = randomBytes(18).toString('base64url');
    const secrets = await startSecretsManager({
      [secretNames.keys]: JSON.stringify({ current: 'master', master: randomBytes(48).toString('base64url') }),
      [secretNames.gateway]: gatewayApiKey,
      [secretNames.origin]: originSecret,
      [secretNames.supplier]: JSON.stringify({
        username: supplierCredentials.username,
        apiKey: supplierCredentials.apiKey,
        webhookSecret: supplierCredentials.webhookSecret,
      }),
      [secretNames.lookup]: JSON.stringify({ key: supplierCredentials.lookupKey }),
      [secretNames.vapid]: JSON.stringify({ ...webPush.generateVAPIDKeys(), subject: 'mailto:support@topupbazar.local' }),
      [secretNames.telegram]: JSON.stringify({ botToken: `${randomInt(1e8, 1e9)}:bundles-${randomBytes(12).toString('base64url')}` }),
      [secretNames.sms]: JSON.stringify({ apiKey: smsApiKey, senderId: '' }),
    });
    stops.push(secrets.stop);
    const gateway = await startSandboxGateway({ apiKey: gatewayApiKey });
    stops.push(gateway.stop);
    const supplier = await startFakeSupplier({ ...supplierCredentials, products: demoSupplierPrices });
    stops.push(supplier.stop);
    const mailbox = await startMailbox();
    stops.push(mailbox.stop);
    const sms = await startSmsStandIn({ apiKey: smsApiKey });
    stops.push(sms.stop);
    const edgeCache = new LocalEdgeCache();
    const invalidations = await startInvalidationApi(edgeCache);
    stops.push(invalidations.stop);

    // What CloudFormation would put for each reference the functions' environments make.
    const references: Record<string, string> = {
      [idOf('AWS::DynamoDB::Table', 'DataTable')]: tableName,
      [idOf('AWS::SecretsManager::Secret', 'SecretsKeys')]: secretNames.keys,
      [idOf('AWS::SecretsManager::Secret', 'SecretsGatewayKey')]: secretNames.gateway,
      [idOf('AWS::SecretsManager::Secret', 'SecretsOriginVerify')]: secretNames.origin,
      [idOf('AWS::SecretsManager::Secret', 'SecretsSupplier')]: secretNames.supplier,
      [idOf('AWS::SecretsManager::Secret', 'SecretsPlayerLookup')]: secretNames.lookup,
      [idOf('AWS::SecretsManager::Secret', 'SecretsVapid')]: secretNames.vapid,
      [idOf('AWS::SecretsManager::Secret', 'SecretsTelegramBot')]: secretNames.telegram,
      [idOf('AWS::SecretsManager::Secret', 'SecretsSms')]: secretNames.sms,
      [idOf('AWS::S3::Bucket', 'SiteBucket')]: 'storefront-bundles-site',
      [idOf('AWS::CloudFront::Distribution', 'WebDistribution')]: localDistributionId,
    };
    const secretValues: Record<string, string> = { [secretNames.origin]: originSecret };
    const resolve = (value: unknown): string => {
      if (typeof value === 'string') {
        const dynamic = /^\{\{resolve:secretsmanager:([^:]+):SecretString:::\}\}$/.exec(value);
        if (!dynamic) return value;
        if (!(dynamic[1]! in secretValues)) throw new Error(`No local value for the dynamic reference ${value}`);
        return secretValues[dynamic[1]!]!;
      }
      const object = value as Record<string, any>;
      if (object.Ref && object.Ref in references) return references[object.Ref]!;
      // The egress stack's Elastic IP: every call leaves from loopback here, which the fake supplier has whitelisted.
      if (/SupplierEgressAddress.*PublicIp/.test(String(object['Fn::GetStackOutput']?.OutputName ?? ''))) return '127.0.0.1';
      if (object['Fn::Join']) return resolve((object['Fn::Join'][1] as unknown[]).map(resolve).join(object['Fn::Join'][0]));
      throw new Error(`The bundle tier cannot resolve ${JSON.stringify(value)}: give it a local value`);
    };

    // DynamoDB behind IAM as the template grants it: each function signs as its logical id, and
    // the guard applies the table statements of that function's role (table-guard.ts).
    const tableId = idOf('AWS::DynamoDB::Table', 'DataTable');
    const tableGuard = await startTableGuard(dynamo.endpoint, (accessKeyId) =>
      accessKeyId === 'local' ? 'unrestricted' : templateTableGrant(template.Resources, accessKeyId, tableId),
    );
    stops.push(tableGuard.stop);

    let siteUrl = '';
    const functions: BundleStackInfo['functions'] = {};
    const localFunctions = new Map<string, LocalFunction>();
    for (const [id, resource] of resources) {
      if (resource.Type !== 'AWS::Lambda::Function' || !resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME) continue;
      const environment = Object.fromEntries(
        Object.entries(resource.Properties.Environment.Variables as Record<string, unknown>).map(([name, value]) => [name, resolve(value)]),
      );
      functions[id] = { module: join(outDir, resource.Metadata!['aws:asset:path']!, 'index.mjs'), environment };
    }
    const functionOf = (id: string): LocalFunction => {
      let fn = localFunctions.get(id);
      if (!fn) {
        const { module, environment } = functions[id]!;
        fn = {
          name: id,
          module,
          environment: {
            ...environment,
            // The stage's own site, gateway, supplier and SMS provider are the local ones here.
            SITE_URL: siteUrl,
            GATEWAY_URL: gateway.url,
            ...('SUPPLIER_URL' in environment ? { SUPPLIER_URL: supplier.url } : {}),
            ...('LOOKUP_SECRET_ID' in environment ? { PLAYER_LOOKUP_URL: supplier.url } : {}),
            ...('SMS_SECRET_ID' in environment ? { SMS_API_URL: sms.url } : {}),
            AWS_REGION: 'us-east-1',
            AWS_ACCESS_KEY_ID: id,
            AWS_SECRET_ACCESS_KEY: 'local',
            AWS_ENDPOINT_URL_DYNAMODB: tableGuard.url,
            AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.url,
            AWS_ENDPOINT_URL_CLOUDFRONT: invalidations.url,
            AWS_ENDPOINT_URL_SESV2: mailbox.url,
            POWERTOOLS_LOG_LEVEL: 'WARN',
          },
          timeoutMs: Number(template.Resources[id]!.Properties.Timeout) * 1000,
        };
        localFunctions.set(id, fn);
      }
      return fn;
    };
    // The template's own wiring: route key → integration → function.
    const functionOfRoute = new Map<string, string>();
    for (const [, resource] of resources.filter(([, r]) => r.Type === 'AWS::ApiGatewayV2::Route')) {
      const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(resource.Properties.Target))![1]!;
      functionOfRoute.set(resource.Properties.RouteKey, template.Resources[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0]);
    }
    const resolver = (route: Route | undefined) =>
      functionOf(functionOfRoute.get(route ? `${route.method} ${apiBasePath}${canonicalPath(route.path)}` : '$default')!);

    const host = new FunctionHost();
    stops.push(() => host.stop());
    const handleApi = apiAdapter(host, resolver, originSecret, edgeCache);
    const spa = staticSpa(webDir, { uploadOrigin: 'http://127.0.0.1:9' });
    const server = createServer((request, response) => {
      for (const [name, value] of Object.entries(spa.headers)) response.setHeader(name, value);
      const path = request.url ?? '/';
      const handled = path === apiBasePath || path.startsWith(`${apiBasePath}/`) ? handleApi(request, response) : spa(request, response);
      Promise.resolve(handled).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    stops.push(() => new Promise((done) => server.close(() => done(undefined))));
    siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    supplier.setWebhookUrl(`${siteUrl}${apiBasePath}/supplier/digiflazz/webhook`);
    // The template's event source mappings: each its function fed the table's stream, filtered as its mapping filters it.
    for (const [, mapping] of resources.filter(([, r]) => r.Type === 'AWS::Lambda::EventSourceMapping')) {
      const functionId = /"Ref":"([^"]+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))![1]!;
      const patterns = ((mapping.Properties.FilterCriteria?.Filters ?? []) as { Pattern: string }[]).map((filter) =>
        JSON.parse(filter.Pattern),
      );
      const poller = pollTableStream({
        endpoint: dynamo.endpoint,
        tableName,
        everyMs: 300,
        patterns,
        deliver: async (records) => {
          await host.invoke(functionOf(functionId), { Records: records });
        },
      });
      stops.push(poller.stop);
    }

    project.provide('bundleStack', {
      url: siteUrl,
      gatewayUrl: gateway.url,
      gatewayApiKey,
      mailboxUrl: mailbox.url,
      smsUrl: sms.url,
      functions,
      shopper: { email: `bundle-${randomBytes(3).toString('hex')}@example.com`, password: randomBytes(9).toString('base64url') },
    } satisfies BundleStackInfo);
    return async () => {
      await stopAll();
      if (tableGuard.denied.length > 0)
        throw new Error(
          `Bundles made table calls their roles in the template do not grant:\n${[...new Set(tableGuard.denied)].join('\n')}`,
        );
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * A function's table grant as its role's policies in the template state it: the DynamoDB actions
 * on the table (reads aside), the LeadingKeys conditions of its reads and of its writes, and the indexes it may query. No table
 * statement at all: no grant (the guard refuses every call).
 */
function templateTableGrant(resources: Record<string, Resource>, functionId: string, tableId: string): TableGrant | undefined {
  const roleId = roleIdOf(resources[functionId]);
  const statements = (roleId ? roleStatements(resources, roleId) : []).filter((statement) =>
    JSON.stringify(statement.Resource).includes(`"${tableId}"`),
  );
  if (statements.length === 0) return undefined;
  const actionsOf = (statement: TemplateStatement) => [statement.Action].flat().map((action) => action.replace(/^dynamodb:/, ''));
  const isRead = (action: string) => ['GetItem', 'Query', 'BatchGetItem'].includes(action);
  const onTable = statements.filter((statement) => !JSON.stringify(statement.Resource).includes('/index/'));
  const keysOf = (statement: TemplateStatement | undefined) => statement?.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
  const writes = [...new Set(onTable.flatMap(actionsOf).filter((action) => !isRead(action)))] as WriteAction[];
  const readKeys = keysOf(onTable.find((statement) => actionsOf(statement).includes('GetItem')));
  const writeKeys = keysOf(onTable.find((statement) => actionsOf(statement).some((action) => !isRead(action))));
  const indexes = statements.flatMap((statement) =>
    [...JSON.stringify(statement.Resource).matchAll(/\/index\/([\w*]+)/g)].map((match) => match[1]!),
  );
  return { writes, readKeys, writeKeys, indexes: indexes.includes('*') ? undefined : indexes };
}
