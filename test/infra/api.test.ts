import { describe, expect, it } from 'vitest';
import { gatewayTimeoutMs } from '../../functions/gateway/port';
import { fallbackHandler, routes } from '../../functions/routes';
import {
  needsGatewayKey,
  needsLookup,
  needsSecret,
  needsSms,
  needsSupplier,
  needsVapid,
  tableGrantOf,
} from '../../functions/routes/grants';
import { jobs, streamConsumers } from '../../functions/routes/jobs';
import { partitionScopes } from '../../functions/routes/partitions';
import { canonicalPath } from '../../functions/routes/route';
import { tableReadActions } from '../../infra/constructs/function-roles';
import { defaultSmsUrl, defaultSupplierUrl, mailDomainOf, stageConfig } from '../../infra/stage-config';
import {
  type Resource,
  actionsOf,
  addRoutesLogicalIds,
  built,
  committed,
  committedStage,
  dev,
  functionForRoute,
  handlerCount,
  houseFunctions,
  logicalIdOf,
  matchesAny,
  parameterOf,
  resources,
  routeKeyOf,
  single,
  stages,
  statementsOf,
} from '../support/infra-templates';

describe('API', () => {
  it("checks CloudFront's origin secret at API Gateway, before any route's function: an authorizer on every route, cached per header value", () => {
    for (const stage of stages) {
      const template = built[stage].whole;
      const authorizer = single(template, 'AWS::ApiGatewayV2::Authorizer');
      expect(authorizer.Properties).toMatchObject({
        AuthorizerType: 'REQUEST',
        IdentitySource: ['$request.header.x-origin-verify'],
        EnableSimpleResponses: true,
        AuthorizerPayloadFormatVersion: '2.0',
        AuthorizerResultTtlInSeconds: 300,
      });
      const authorizerId = logicalIdOf(template, 'AWS::ApiGatewayV2::Authorizer', 'Api');
      const allRoutes = resources(template, 'AWS::ApiGatewayV2::Route');
      expect(allRoutes).toHaveLength(routes.length + 1);
      for (const [id, route] of allRoutes) {
        expect(route.Properties.AuthorizationType, id).toBe('CUSTOM');
        expect(route.Properties.AuthorizerId, id).toEqual({ Ref: authorizerId });
      }
      const fnId = /"(ApiOriginAuthorizer[A-Z0-9]+)"/.exec(JSON.stringify(authorizer.Properties.AuthorizerUri))![1]!;
      const fn = resources(template, 'AWS::Lambda::Function').find(([id]) => id === fnId)![1];
      expect(fn.Properties.MemorySize).toBe(256);
      expect(fn.Properties.Environment.Variables).toHaveProperty('ORIGIN_VERIFY_SECRET');
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('TABLE_NAME');
    }
  });

  it("has one route per route-table row and one function per handler module: a GET twin reaches its POST row's function, adding only its route", () => {
    for (const stage of stages) {
      const idOf = new Map<string, string>();
      for (const row of routes) {
        const [id, fn] = functionForRoute(built[stage].whole, routeKeyOf(row));
        expect(fn.Properties.Description).toContain(row.handler);
        expect(idOf.get(row.handler) ?? id, routeKeyOf(row)).toBe(id);
        idOf.set(row.handler, id);
      }
      expect(new Set(idOf.values()).size).toBe(handlerCount);
      // One integration per function, and one invoke permission per path (it allows every method).
      const template = built[stage].whole;
      expect(resources(template, 'AWS::ApiGatewayV2::Integration')).toHaveLength(handlerCount + 1);
      const apiPermissions = resources(template, 'AWS::Lambda::Permission').filter(([, permission]) =>
        JSON.stringify(permission.Properties.SourceArn ?? '').includes('execute-api'),
      );
      const functionPaths = new Set(routes.map((row) => `${row.handler} ${canonicalPath(row.path)}`));
      // Each function's per path, the fallback's ($default) and the authorizer's.
      expect(apiPermissions).toHaveLength(functionPaths.size + 2);
    }
    const twins = routes.filter(
      (row) => row.method === 'GET' && routes.some((post) => post.method === 'POST' && post.handler === row.handler),
    );
    expect(twins.map((row) => row.handler).sort()).toEqual(['catalog/list-plan-groups', 'promotions/list-plans', 'vouchers/list-vouchers']);
  });

  it("keeps every route in the main stack under the logical id HttpApi.addRoutes gave it, so that a deployed stage's routes are updated in place, never made again under a key the API has", () => {
    const expected = addRoutesLogicalIds();
    // One id written out: the one this route had before the area stacks (HttpApi.addRoutes in the main stack).
    expect(expected['GET /api/admin/audit']).toBe('ApiHttpApiGETapiadminaudit9DDC40E2');
    for (const stage of stages) {
      const { shop, nested } = built[stage];
      const ids = Object.fromEntries(resources(shop, 'AWS::ApiGatewayV2::Route').map(([id, route]) => [route.Properties.RouteKey, id]));
      expect(ids).toEqual(expected);
      for (const [path, { template }] of Object.entries(nested))
        expect(resources(template, 'AWS::ApiGatewayV2::Route'), path).toHaveLength(0);
    }
  });

  it("keeps the main stack small: the function, integration and invoke permissions of each console row in a nested stack, of each shopper's row in another, its route in the main stack targeting that integration; the /auth rows, the webhooks, the fallback and the authorizer whole with the API and its stage", () => {
    const areaOf = (path: string) =>
      path.startsWith('/admin/')
        ? 'Api/ConsoleRoutes'
        : path.startsWith('/user/') || path.startsWith('/mail/')
          ? 'Api/ShopRoutes'
          : undefined;
    const executeApi = ([, permission]: [string, Resource]) =>
      JSON.stringify(permission.Properties.SourceArn ?? '').includes('execute-api');
    for (const stage of stages) {
      const { shop, nested, whole } = built[stage];
      expect(Object.keys(nested).sort()).toEqual(['Alarms', 'Api/ConsoleRoutes', 'Api/ShopRoutes']);
      const apiId = logicalIdOf(shop, 'AWS::ApiGatewayV2::Api', 'ApiHttpApi');
      for (const row of routes) {
        const key = routeKeyOf(row);
        const [, route] = resources(shop, 'AWS::ApiGatewayV2::Route', { Properties: { RouteKey: key } })[0]!;
        expect(route.Properties.ApiId, key).toEqual({ Ref: apiId });
        const area = areaOf(row.path);
        // The integration the route targets, in the main stack or (by an output of it) in the area's stack.
        let template = shop;
        let integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(route.Properties.Target))?.[1];
        if (area) {
          template = nested[area]!.template;
          const target = route.Properties.Target as { 'Fn::Join': [string, [string, { 'Fn::GetAtt': [string, string] }]] };
          expect(target, key).toEqual({
            'Fn::Join': ['', ['integrations/', { 'Fn::GetAtt': [nested[area]!.logicalId, expect.stringMatching(/^Outputs\./)] }]],
          });
          const output = target['Fn::Join'][1][1]['Fn::GetAtt'][1].slice('Outputs.'.length);
          integrationId = (template.toJSON().Outputs[output].Value as { Ref: string }).Ref;
        }
        const integration = template.toJSON().Resources[integrationId!] as Resource;
        expect(integration.Type, key).toBe('AWS::ApiGatewayV2::Integration');
        expect(integration.Properties, key).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
        // The function and its invoke permission for this path beside the integration; the permission scoped to the main stack's API.
        const fnId = integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
        expect((template.toJSON().Resources[fnId] as Resource).Properties.Description, key).toContain(row.handler);
        const permissions = resources(template, 'AWS::Lambda::Permission')
          .filter(executeApi)
          .filter(
            ([, permission]) => JSON.stringify(permission.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
          )
          .filter(([id]) =>
            JSON.stringify(whole.toJSON().Resources[id].Properties.SourceArn).endsWith(`{"Ref":"${apiId}"},"/*/*${key.split(' ')[1]}"]]}`),
          );
        expect(permissions, key).toHaveLength(1);
        expect(permissions[0]![1].Properties.Principal).toBe('apigateway.amazonaws.com');
      }
      for (const type of ['AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Stage', 'AWS::ApiGatewayV2::Authorizer']) single(shop, type);
      expect(functionForRoute(shop, '$default')[1].Properties.Description).toContain(fallbackHandler);
      // Each area's stack holds its rows' functions, integrations and permissions and nothing of the other rows'.
      for (const area of ['Api/ConsoleRoutes', 'Api/ShopRoutes']) {
        const areaRoutes = routes.filter((row) => areaOf(row.path) === area);
        const { template } = nested[area]!;
        const handlers = new Set(areaRoutes.map((row) => row.handler)).size;
        expect(houseFunctions(template), area).toHaveLength(handlers);
        expect(resources(template, 'AWS::ApiGatewayV2::Integration'), area).toHaveLength(handlers);
        const paths = new Set(areaRoutes.map((row) => `${row.handler} ${canonicalPath(row.path)}`)).size;
        expect(resources(template, 'AWS::Lambda::Permission').filter(executeApi), area).toHaveLength(paths);
      }
      const mainRoutes = routes.filter((row) => !areaOf(row.path));
      expect(resources(shop, 'AWS::ApiGatewayV2::Integration')).toHaveLength(new Set(mainRoutes.map((row) => row.handler)).size + 1);
    }
  });

  it('sends every other request to the fallback function through $default', () => {
    const [, fn] = functionForRoute(dev(), '$default');
    expect(fn.Properties.Description).toContain(fallbackHandler);
  });

  it('has exactly one function per row plus the fallback, the origin authorizer, the scheduled jobs, the stream consumers and the alarm relay, all arm64 on nodejs22.x, none with source maps enabled at run time', () => {
    const functions = houseFunctions(dev());
    // The rows, the fallback, the origin authorizer, the scheduled jobs, the stream's consumers (outbox, delivery dispatch) and the alarms' relay.
    expect(functions).toHaveLength(handlerCount + 2 + jobs.length + streamConsumers.length + 1);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Handler).toBe('index.handler');
      expect(fn.Properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
      expect(JSON.stringify(fn.Properties.Environment.Variables)).not.toContain('enable-source-maps');
    }
  });

  it("grants each function exactly its row's table actions, partitions and indexes: never Scan or the stream reads", () => {
    const table = logicalIdOf(dev(), 'AWS::DynamoDB::Table', 'DataTable');
    for (const row of routes) {
      const [, fn] = functionForRoute(dev(), routeKeyOf(row));
      expect(fn.Properties.Environment.Variables.TABLE_NAME, row.handler).toEqual({ Ref: table });
      const statements = statementsOf(dev(), fn).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
      );
      const onTable = statements.filter(
        (statement) => JSON.stringify(statement.Resource) === JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] }),
      );
      const onIndexes = statements.filter((statement) => !onTable.includes(statement));
      const { readKeys, writeKeys, indexes } = tableGrantOf(row);
      const on = (keys: readonly string[] | undefined) => keys && { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keys] } };
      // Each action on the table with its condition (IAM's policy minimizing may merge the read and write statements when they match).
      const conditionOf = new Map(onTable.flatMap((statement) => actionsOf(statement).map((action) => [action, statement.Condition])));
      expect([...conditionOf.keys()].sort(), row.handler).toEqual(
        [...tableReadActions, ...(row.writes ?? []).map((action) => `dynamodb:${action}`)].sort(),
      );
      for (const [action, condition] of conditionOf)
        expect(condition, `${row.handler} ${action}`).toEqual(on(tableReadActions.includes(action as never) ? readKeys : writeKeys));
      // One statement may name several indexes (IAM's policy minimizing merges those with the same condition).
      const indexResources = onIndexes.flatMap((statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource)));
      expect(
        onIndexes.every(
          (statement) =>
            JSON.stringify(actionsOf(statement)) === '["dynamodb:Query"]' &&
            JSON.stringify(statement.Condition) === JSON.stringify(on(readKeys)),
        ),
        row.handler,
      ).toBe(true);
      expect(indexResources.join(), row.handler).toBe(
        (indexes ?? ['*'])
          .map((index) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [table, 'Arn'] }, `/index/${index}`]] }))
          .join(),
      );
      const all = statementsOf(dev(), fn).flatMap(actionsOf);
      expect(
        all.filter((action) => /Scan|GetRecords|GetShardIterator|DescribeStream|BatchWriteItem/.test(action)),
        row.handler,
      ).toEqual([]);
    }
  });

  it('keeps codes, orders and accounts out of reach of every public shop-window function', () => {
    const { read } = partitionScopes.shopWindow;
    for (const forbidden of [
      'VOUCHER#gp-500',
      'CODEHASH#abc',
      'USER#U1',
      'WALLET#U1',
      'EMAIL#a@b.c',
      'AUDIT',
      'LIMIT#login-address#1.2.3.4',
      'PROMOS',
      'PROMO#EID50',
    ])
      expect(matchesAny(read, forbidden), forbidden).toBe(false);
    // Unsold codes have no index keys; on gsi2 the shop window reads the sales (`SALES`), never the promo codes (`PROMOS`).
    expect(partitionScopes.shopWindow.indexes).toEqual(['gsi1', 'gsi2']);
    expect(matchesAny(read, 'SALES')).toBe(true);
  });

  it('holds every write of a function anyone can call (public, the webhooks) or that calls the gateway for a shopper to named partitions, and none of the public ones to a wallet', () => {
    const table = logicalIdOf(dev(), 'AWS::DynamoDB::Table', 'DataTable');
    const anyoneCanCall = routes.filter(
      (row) => row.access === 'public' || row.access === 'gateway' || row.access === 'supplier' || (row.access === 'user' && row.gateway),
    );
    expect(anyoneCanCall.filter((row) => row.gateway).length).toBeGreaterThanOrEqual(5);
    expect(anyoneCanCall.filter((row) => row.partitions === undefined).map((row) => row.handler)).toEqual([]);
    for (const row of anyoneCanCall) {
      const [, fn] = functionForRoute(dev(), routeKeyOf(row));
      const writes = statementsOf(dev(), fn).filter(
        (statement) =>
          JSON.stringify(statement.Resource).includes(`"${table}"`) &&
          actionsOf(statement).some((action) => action.startsWith('dynamodb:') && !tableReadActions.includes(action as never)),
      );
      for (const statement of writes) {
        const keys = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined;
        expect(keys, `${row.handler}: an unconditioned write`).toBeDefined();
        expect(
          keys!.every((key) => key !== '*' && /^[A-Z]+[#A-Za-z-]*\*?$/.test(key)),
          row.handler,
        ).toBe(true);
        // A balance moves only where a signed-in shopper, an operator, a job or a verified webhook asks for it.
        if (row.access === 'public') expect(matchesAny(keys!, 'WALLET#U1'), row.handler).toBe(false);
      }
    }
    // Sign-in reads the balance it answers with, and writes only the account's own partitions.
    expect(matchesAny(partitionScopes.signIn.read, 'WALLET#U1')).toBe(true);
    expect(matchesAny(partitionScopes.signIn.write, 'WALLET#U1')).toBe(false);
  });

  it('grants the key ring, the gateway key, the supplier, the lookup key, the SMS credentials, the VAPID keys, the upload bucket and SES only to the rows that name them, each with its variable', () => {
    const keyRing = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsKeys');
    const gatewayKey = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsGatewayKey');
    const supplier = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsSupplier');
    const lookup = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsPlayerLookup');
    const vapid = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsVapid');
    const sms = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsSms');
    expect(routes.filter(needsVapid).map((row) => row.handler)).toEqual(['notifications/get-push-key']);
    for (const row of routes) {
      const [, fn] = functionForRoute(dev(), routeKeyOf(row));
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      const statements = statementsOf(dev(), fn);
      const secretsRead = statements
        .filter((statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue'))
        .flatMap((statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource)));
      expect(secretsRead.sort(), row.handler).toEqual(
        [
          ...(needsSecret(row) ? [JSON.stringify({ Ref: keyRing })] : []),
          ...(needsGatewayKey(row) ? [JSON.stringify({ Ref: gatewayKey })] : []),
          ...(needsSupplier(row) ? [JSON.stringify({ Ref: supplier })] : []),
          ...(needsLookup(row) ? [JSON.stringify({ Ref: lookup })] : []),
          ...(needsSms(row) ? [JSON.stringify({ Ref: sms })] : []),
          ...(needsVapid(row) ? [JSON.stringify({ Ref: vapid })] : []),
        ].sort(),
      );
      expect(env.LOOKUP_SECRET_ID, row.handler).toEqual(needsLookup(row) ? { Ref: lookup } : undefined);
      expect(env.SMS_SECRET_ID, row.handler).toEqual(needsSms(row) ? { Ref: sms } : undefined);
      expect(env.SMS_API_URL, row.handler).toEqual(needsSms(row) ? defaultSmsUrl : undefined);
      expect(env.SMS_PROVIDER, row.handler).toEqual(needsSms(row) ? 'smsnetbd' : undefined);
      // No request function calls the supplier's API: no route function is in the egress VPC or told its address.
      expect(fn.Properties.VpcConfig, row.handler).toBeUndefined();
      expect(env, row.handler).not.toHaveProperty('SUPPLIER_EGRESS_ADDRESS');
      expect(env.VAPID_SECRET_ID, row.handler).toEqual(needsVapid(row) ? { Ref: vapid } : undefined);
      expect(env.SUPPLIER_SECRET_ID, row.handler).toEqual(needsSupplier(row) ? { Ref: supplier } : undefined);
      expect(env.SUPPLIER_URL, row.handler).toEqual(needsSupplier(row) ? defaultSupplierUrl : undefined);
      // No stage names a nickname lookup yet: the variable is left out, and the shop confirms without a name.
      expect(env, row.handler).not.toHaveProperty('PLAYER_LOOKUP_URL');
      expect(env.APP_SECRET_ID, row.handler).toEqual(needsSecret(row) ? { Ref: keyRing } : undefined);
      expect(env.GATEWAY_SECRET_ID, row.handler).toEqual(needsGatewayKey(row) ? { Ref: gatewayKey } : undefined);
      expect(fn.Properties.TracingConfig, row.handler).toEqual(needsGatewayKey(row) ? { Mode: 'Active' } : undefined);
      const s3 = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
      if (row.uploads) {
        expect(env, row.handler).toHaveProperty('UPLOAD_BUCKET');
        expect(s3).toHaveLength(1);
        // Operators' images under uploads/, shoppers' screenshots under evidence/: put by the signers, read by the console's route alone.
        expect(JSON.stringify(s3[0]!.Resource), row.handler).toMatch(
          row.uploads === 'images' ? /SiteBucket.*"\/uploads\/\*"/ : /SiteBucket.*"\/evidence\/\*"/,
        );
        const actions = actionsOf(s3[0]!);
        expect(actions.includes('s3:PutObject'), row.handler).toBe(row.uploads !== 'read-evidence');
        expect(actions.includes('s3:GetObject*'), row.handler).toBe(row.uploads === 'read-evidence');
      } else {
        expect(env, row.handler).not.toHaveProperty('UPLOAD_BUCKET');
        expect(s3, row.handler).toEqual([]);
      }
      const ses = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('ses:')));
      if (row.mail) {
        expect(env.MAIL_FROM, row.handler).toBe(committedStage('dev').mailFrom);
        expect(
          ses.map((statement) => actionsOf(statement)),
          row.handler,
        ).toEqual([['ses:SendEmail']]);
        expect(JSON.stringify(ses[0]!.Resource), row.handler).toContain(`:identity/${mailDomainOf(committedStage('dev').mailFrom)}`);
      } else {
        expect(env, row.handler).not.toHaveProperty('MAIL_FROM');
        expect(ses, row.handler).toEqual([]);
      }
    }
  });

  it('lets only the supplier webhook of the request functions read the supplier secret (for its signature), and the lookup read its own key alone', () => {
    const supplier = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsSupplier');
    const readsSupplier = (fn: Resource) =>
      statementsOf(dev(), fn).some(
        (statement) =>
          actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
          [statement.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify({ Ref: supplier })),
      );
    expect(routes.filter(needsSupplier).map((row) => row.handler)).toEqual(['orders/receive-supplier-callback']);
    const [, webhook] = functionForRoute(dev(), 'POST /api/supplier/{supplier}/webhook');
    expect(webhook.Properties.Environment.Variables.SUPPLIER_SECRET_ID).toEqual({ Ref: supplier });
    expect(readsSupplier(webhook)).toBe(true);
    for (const routeKey of ['POST /api/user/request', 'POST /api/user/player_lookup', 'POST /api/payment/webhook']) {
      const [, fn] = functionForRoute(dev(), routeKey);
      expect(fn.Properties.Environment.Variables, routeKey).not.toHaveProperty('SUPPLIER_SECRET_ID');
      expect(readsSupplier(fn), routeKey).toBe(false);
    }
    const [, listPlans] = functionForRoute(dev(), 'POST /api/user/plan_list');
    expect(listPlans.Properties.Environment.Variables).not.toHaveProperty('SUPPLIER_SECRET_ID');
    expect(readsSupplier(listPlans)).toBe(false);
    expect(statementsOf(dev(), listPlans).flatMap(actionsOf)).not.toContain('secretsmanager:GetSecretValue');
  });

  it("routes the supplier's callbacks to their own function, logging to a group of its own that an alarm reads for 401s", () => {
    const [fnId, fn] = functionForRoute(dev(), 'POST /api/supplier/{supplier}/webhook');
    expect(fn.Properties.Description).toContain('orders/receive-supplier-callback');
    const [, payment] = functionForRoute(dev(), 'POST /api/payment/webhook');
    const [, shared] = functionForRoute(dev(), 'POST /api/user/plan_list');
    const group = JSON.stringify(fn.Properties.LoggingConfig.LogGroup);
    expect(group).not.toBe(JSON.stringify(shared.Properties.LoggingConfig.LogGroup));
    expect(group).not.toBe(JSON.stringify(payment.Properties.LoggingConfig.LogGroup));
    const filters = resources(built.dev.alarmsNested, 'AWS::Logs::MetricFilter').filter(([, filter]) =>
      parameterOf(built.dev, filter.Properties.LogGroupName, group),
    );
    expect(filters).toHaveLength(1);
    expect(filters[0]![1].Properties.MetricTransformations[0].MetricName).toBe('SupplierWebhook401');
    expect(fnId).toMatch(/^ApiPostSupplierSupplierWebhook/);
  });

  it('gives every function the stage settings, and every API function the origin secret as a dynamic reference', () => {
    const origin = logicalIdOf(dev(), 'AWS::SecretsManager::Secret', 'SecretsOriginVerify');
    const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: origin }, ':SecretString:::}}']] };
    for (const stage of stages) {
      const { config } = stageConfig(stage, committed);
      for (const [, fn] of houseFunctions(built[stage].whole)) {
        expect(fn.Properties.Environment.Variables).toMatchObject({
          STAGE: stage,
          SITE_URL: config.siteUrl,
          GATEWAY_URL: config.gatewayUrl,
          PAYMENT_GATEWAY: config.paymentGateway,
          GOOGLE_CLIENT_ID: config.googleClientId,
          GOOGLE_ISSUER: 'https://accounts.google.com',
          GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
          POWERTOOLS_SERVICE_NAME: 'storefront',
        });
        expect(fn.Properties.Environment.Variables).not.toHaveProperty('AWS_ENDPOINT_URL');
      }
    }
    for (const row of routes)
      expect(functionForRoute(dev(), routeKeyOf(row))[1].Properties.Environment.Variables.ORIGIN_VERIFY_SECRET, row.handler).toEqual(
        reference,
      );
    expect(functionForRoute(dev(), '$default')[1].Properties.Environment.Variables.ORIGIN_VERIFY_SECRET).toEqual(reference);
  });

  it('lets gateway calls give up well before their functions do', () => {
    for (const row of routes.filter(needsGatewayKey)) {
      const [, fn] = functionForRoute(dev(), routeKeyOf(row));
      expect(fn.Properties.Timeout * 1000, row.handler).toBeGreaterThanOrEqual(2 * gatewayTimeoutMs);
    }
  });

  it('throttles the default stage, and /api/auth/* to a tenth of it', () => {
    const { config } = stageConfig('dev', committed);
    const stage = single(dev(), 'AWS::ApiGatewayV2::Stage').Properties;
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: config.apiRateLimit,
      ThrottlingBurstLimit: config.apiBurstLimit,
    });
    const authRoutes = routes.filter((row) => row.path.startsWith('/auth/')).map(routeKeyOf);
    expect(Object.keys(stage.RouteSettings).sort()).toEqual(authRoutes.sort());
    for (const key of authRoutes)
      expect(stage.RouteSettings[key]).toEqual({
        ThrottlingRateLimit: config.apiRateLimit / 10,
        ThrottlingBurstLimit: config.apiBurstLimit / 10,
      });
    // A route's settings need the route first: the /auth routes are in the stage's own stack, and it waits for them.
    const dependsOn = single(built.dev.shop, 'AWS::ApiGatewayV2::Stage').DependsOn;
    for (const key of authRoutes) {
      const [routeId] = resources(built.dev.shop, 'AWS::ApiGatewayV2::Route', { Properties: { RouteKey: key } })[0]!;
      expect(dependsOn, key).toContain(routeId);
    }
  });
});
