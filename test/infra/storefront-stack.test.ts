import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath, canonicalPath, fallbackHandler, needsSecret, routes, writesTable } from '../../functions/routes';
import { tableDefinition } from '../../functions/shared/table';
import { repoRoot } from '../../infra/bundling';
import { type StageName, StorefrontStack } from '../../infra/storefront-stack';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const stages: StageName[] = ['dev', 'prod'];
const templates = {} as Record<StageName, Template>;
/** Every stack template of each stage's cloud assembly, by stack name. */
const assemblies = {} as Record<StageName, Record<string, { Resources: Record<string, Resource> }>>;
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'storefront-infra-'));
  const webDir = join(workDir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');

  const started = performance.now();
  for (const stage of stages) {
    const app = new App({ context: cdkJson.context, outdir: join(workDir, `cdk.out-${stage}`) });
    const stack = new StorefrontStack(app, `Storefront-${stage}`, {
      stage,
      webAssetsDir: webDir,
      gatewayUrl: 'https://sandbox.uddoktapay.com',
      googleClientId: '',
      apiThrottle: { rateLimit: 50, burstLimit: 100 },
    });
    templates[stage] = Template.fromStack(stack);
    assemblies[stage] = Object.fromEntries(app.synth().stacks.map((artifact) => [artifact.stackName, artifact.template]));
  }
  console.log(`synthesized dev and prod (with bundling) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const dev = () => templates.dev;
const prod = () => templates.prod;

function resources(template: Template, type: string, props: object = {}): [string, Resource][] {
  return Object.entries(template.findResources(type, props)) as [string, Resource][];
}

/** The one resource of a type, failing when there is none or more than one. */
function single(template: Template, type: string, filter: (logicalId: string) => boolean = () => true): Resource {
  const matches = resources(template, type).filter(([id]) => filter(id));
  expect(matches, type).toHaveLength(1);
  return matches[0]![1];
}

/** The house functions: everything but CDK's own custom-resource handlers. */
function houseFunctions(template: Template) {
  return resources(template, 'AWS::Lambda::Function', {
    Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
  });
}

/** Follows route → integration → function and returns the function's logical id and resource. */
function functionForRoute(template: Template, routeKey: string): [string, Resource] {
  const matches = resources(template, 'AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } });
  expect(matches, `route ${routeKey}`).toHaveLength(1);
  const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(matches[0]![1].Properties.Target))![1]!;
  const integration = template.toJSON().Resources[integrationId] as Resource;
  expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
  const functionId = integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
  return [functionId, template.toJSON().Resources[functionId] as Resource];
}

/** Every IAM action granted to a function's role. */
function actionsOf(template: Template, functionResource: Resource): string[] {
  const roleId = functionResource.Properties.Role['Fn::GetAtt'][0] as string;
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => s.Action));
}

/** Runs a CloudFront Function's code (cloudfront-js-2.0 is plain JS) on a request for `uri`. */
interface ViewerRequest {
  uri: string;
  headers: Record<string, { value: string }>;
}

/** Runs a CloudFront viewer-request function's code on a request from 203.0.113.9 that claims another address. */
function viewerRequest(template: Template, logicalIdPrefix: string, uri: string): ViewerRequest {
  const fn = single(template, 'AWS::CloudFront::Function', (id) => id.startsWith(logicalIdPrefix));
  const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => ViewerRequest;
  return handler({
    request: { uri, method: 'GET', headers: { host: { value: 'shop.example.com' }, 'x-viewer-ip': { value: '10.0.0.1' }, 'x-forwarded-host': { value: 'evil.example' } } },
    viewer: { ip: '203.0.113.9' },
  });
}

const runViewerRequest = (template: Template, logicalIdPrefix: string, uri: string) => viewerRequest(template, logicalIdPrefix, uri).uri;

describe('API', () => {
  it('has one route per route-table row, each to its own function built from the row handler', () => {
    for (const stage of stages) {
      const ids = new Set<string>();
      for (const row of routes) {
        const [id, fn] = functionForRoute(templates[stage], `${row.method} ${apiBasePath}${canonicalPath(row.path)}`);
        expect(fn.Properties.Description).toContain(row.handler);
        ids.add(id);
      }
      expect(ids.size).toBe(routes.length);
    }
  });

  it('sends every other request to the fallback function through $default', () => {
    const [, fn] = functionForRoute(dev(), '$default');
    expect(fn.Properties.Description).toContain(fallbackHandler);
  });

  it('has exactly one function per row plus the fallback and the reconciler, all arm64 on nodejs22.x', () => {
    const functions = houseFunctions(dev());
    expect(functions).toHaveLength(routes.length + 2);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.Handler).toBe('index.handler');
    }
  });

  it('grants each function only what its row asks: table writes, the secret', () => {
    for (const row of routes) {
      const [, fn] = functionForRoute(dev(), `${row.method} ${apiBasePath}${canonicalPath(row.path)}`);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      const actions = actionsOf(dev(), fn);
      expect(env.TABLE_NAME, row.handler).toEqual({ Ref: expect.stringMatching(/^DataTable/) });
      expect(actions).toContain('dynamodb:Query');
      if (needsSecret(row)) {
        expect(env, row.handler).toHaveProperty('APP_SECRET_ID');
        expect(actions).toContain('secretsmanager:GetSecretValue');
      } else {
        expect(env, row.handler).not.toHaveProperty('APP_SECRET_ID');
        expect(actions.filter((action) => action.startsWith('secretsmanager:'))).toEqual([]);
      }
      if (writesTable(row)) expect(actions, row.handler).toContain('dynamodb:PutItem');
      else expect(actions, row.handler).not.toContain('dynamodb:PutItem');
      if (row.uploads) {
        expect(env, row.handler).toHaveProperty('UPLOAD_BUCKET');
        expect(actions.filter((action) => action.startsWith('s3:')).sort()).toEqual(['s3:Abort*', 's3:PutObject', 's3:PutObjectLegalHold', 's3:PutObjectRetention', 's3:PutObjectTagging', 's3:PutObjectVersionTagging'].sort());
      } else {
        expect(env, row.handler).not.toHaveProperty('UPLOAD_BUCKET');
        expect(actions.filter((action) => action.startsWith('s3:')), row.handler).toEqual([]);
      }
    }
  });

  it('lets the upload function put objects under uploads/ of the site bucket only', () => {
    const row = routes.find((route) => route.uploads)!;
    const [, fn] = functionForRoute(dev(), `${row.method} ${apiBasePath}${canonicalPath(row.path)}`);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const statements = resources(dev(), 'AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    expect(statements).toHaveLength(1);
    expect(JSON.stringify(statements[0]!.Resource)).toMatch(/SiteBucket.*"\/uploads\/\*"/);
  });

  it('gives every function the stage settings', () => {
    for (const stage of stages) {
      for (const [, fn] of houseFunctions(templates[stage])) {
        expect(fn.Properties.Environment.Variables).toMatchObject({
          STAGE: stage,
          GATEWAY_URL: 'https://sandbox.uddoktapay.com',
          GOOGLE_ISSUER: 'https://accounts.google.com',
          GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
          POWERTOOLS_SERVICE_NAME: 'storefront',
        });
        expect(fn.Properties.Environment.Variables).not.toHaveProperty('AWS_ENDPOINT_URL');
      }
    }
  });

  it('throttles the default stage', () => {
    dev().hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});

describe('room to grow', () => {
  it('keeps every stack at 400 resources or fewer (CloudFormation allows 500)', () => {
    for (const stage of stages) {
      for (const [name, template] of Object.entries(assemblies[stage])) {
        const count = Object.keys(template.Resources).length;
        console.log(`${name}: ${count} resources`);
        expect(count, name).toBeLessThanOrEqual(400);
      }
    }
  });

  it('shares one execution role per set of grants instead of one per function', () => {
    const roleIds = new Set(houseFunctions(dev()).map(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0] as string));
    // No table (the fallback); table read or read-write, each with or without the secret; uploads.
    expect(roleIds.size).toBeLessThanOrEqual(6);
    expect(houseFunctions(dev()).length).toBeGreaterThan(roleIds.size * 5);
  });
});

describe('table', () => {
  it('is the table definition: keys, every GSI with ALL projection, TTL, on-demand, PITR', () => {
    for (const stage of stages) {
      const p = single(templates[stage], 'AWS::DynamoDB::Table').Properties;
      expect(p.KeySchema).toEqual([
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ]);
      expect(p.BillingMode).toBe('PAY_PER_REQUEST');
      expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(p.TimeToLiveSpecification).toEqual({ AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true });
      expect(p.GlobalSecondaryIndexes).toEqual(
        tableDefinition.globalIndexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
    }
  });

  it('is protected and retained in prod, removable in dev', () => {
    const prodTable = single(prod(), 'AWS::DynamoDB::Table');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
    const devTable = single(dev(), 'AWS::DynamoDB::Table');
    expect(devTable.Properties.DeletionProtectionEnabled).toBe(false);
    expect(devTable.DeletionPolicy).toBe('Delete');
  });
});

describe('jobs', () => {
  it('runs the payments reconciler every five minutes with table writes and the secret', () => {
    const [[ruleId, rule]] = resources(dev(), 'AWS::Events::Rule') as [[string, Resource]];
    expect(ruleId).toMatch(/^Jobs/);
    expect(rule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    const targetId = JSON.stringify(rule.Properties.Targets[0].Arn);
    const [, fn] = houseFunctions(dev()).find(([id]) => targetId.includes(id))!;
    expect(fn.Properties.Description).toContain('payments/jobs/reconcile-payments');
    expect(fn.Properties.Environment.Variables).toHaveProperty('APP_SECRET_ID');
    expect(actionsOf(dev(), fn)).toContain('dynamodb:PutItem');
  });
});

describe('secret', () => {
  it('generates a 64-character master key beside the gateway key placeholder', () => {
    dev().hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: JSON.stringify({ gatewayApiKey: 'set-me' }),
        GenerateStringKey: 'master',
        PasswordLength: 64,
        ExcludePunctuation: true,
      },
    });
  });
});

describe('web', () => {
  it('keeps the bucket private and TLS-only', () => {
    dev().hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    dev().hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('serves /api/* from the API uncached, all methods, all viewer headers but Host', () => {
    const config = single(dev(), 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: cachingDisabled,
      OriginRequestPolicyId: allViewerExceptHost,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    // Error responses would turn the API's JSON 404s into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.HttpVersion).toBe('http2and3');
  });

  it('rewrites SPA routes to index.html but leaves files alone', () => {
    expect(runViewerRequest(dev(), 'WebSpaFallback', '/orders/123')).toBe('/index.html');
    expect(runViewerRequest(dev(), 'WebSpaFallback', '/')).toBe('/index.html');
    expect(runViewerRequest(dev(), 'WebSpaFallback', '/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(runViewerRequest(dev(), 'WebSpaFallback', '/config.json')).toBe('/config.json');
  });

  it('strips one trailing slash from API paths', () => {
    expect(runViewerRequest(dev(), 'WebApiViewerRequest', '/api/user/plan_list/')).toBe('/api/user/plan_list');
    expect(runViewerRequest(dev(), 'WebApiViewerRequest', '/api/user/plan_list')).toBe('/api/user/plan_list');
  });

  it("tells the API the viewer's own address and the shop's host, whatever the client claimed", () => {
    const { headers } = viewerRequest(dev(), 'WebApiViewerRequest', '/api/auth/login');
    expect(headers['x-viewer-ip']).toEqual({ value: '203.0.113.9' });
    expect(headers['x-forwarded-host']).toEqual({ value: 'shop.example.com' });
    expect(headers['x-forwarded-proto']).toEqual({ value: 'https' });
  });

  it('deploys the SPA in two steps, the second with a config.json for Google sign-in, never pruning uploads', () => {
    const deployments = resources(dev(), 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    for (const [, deployment] of deployments) {
      if (deployment.Properties.Prune !== false) expect(deployment.Properties.Exclude).toEqual(expect.arrayContaining(['assets/*', 'uploads/*']));
    }
    const outdir = join(workDir, 'cdk.out-dev');
    const configs = readdirSync(outdir)
      .map((entry) => join(outdir, entry, 'config.json'))
      .filter((file) => existsSync(file));
    expect(configs).toHaveLength(1);
    expect(JSON.parse(readFileSync(configs[0]!, 'utf8'))).toEqual({
      googleClientId: '',
      googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });
});

it('outputs the site and API URLs, the table name and the secret name', () => {
  expect(Object.keys(dev().findOutputs('*')).sort()).toEqual(['ApiUrl', 'SecretName', 'SiteUrl', 'TableName']);
});
