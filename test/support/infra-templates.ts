import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUrlIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Construct } from 'constructs';
import { expect, inject } from 'vitest';
import { routes } from '../../functions/routes';
import { apiBasePath, canonicalPath } from '../../functions/routes/route';
import { repoRoot } from '../../infra/bundling';
import { type StageName, stageConfig } from '../../infra/stage-config';
import type { Synthesized } from './infra-synth';
import { type NestedTemplates, type TemplateJson, flattened, inMainTerms } from './nested-stacks';
import { type TemplateStatement, roleIdOf, roleStatements } from './role-statements';

/**
 * The infra tier's templates, from its one synthesis (test/support/infra-stack.ts starts it; a file
 * importing this module waits for it), and the helpers its files share to read them.
 */

export type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
export type Statement = TemplateStatement;

export const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
export const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

export const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
export const committed = (key: string) => cdkJson.context[key];
export const committedStage = (stage: StageName) => stageConfig(stage, committed).config;
export const stages: StageName[] = ['dev', 'prod'];
export type Stacks = {
  edge: Template;
  /** The shop's stack as CloudFormation gets it: its nested stacks are AWS::CloudFormation::Stack resources of it. */
  shop: Template;
  /**
   * The shop's stack with its nested stacks' resources beside its own, each value as the shop states
   * it (nested-stacks.ts): a route, a function and its role's grants are found wherever their stack is.
   * Reading it checks for dependency cycles across the stacks, as reading each template does within it.
   */
  whole: Template;
  /** The shop's nested stacks, by construct path under the shop (`Alarms`, `Api/ConsoleRoutes`): the logical id of each one's resource in the shop, and its template. */
  nested: Record<string, { logicalId: string; template: Template }>;
  /** The shop's nested stack of alarms, their topic and the dashboard. */
  alarmsNested: Template;
  alarms: Template;
  backupCopy?: Template;
  backupCopyEnv?: { account?: string; region?: string };
  stackNames: string[];
  terminationProtection: boolean[];
  envs: { account?: string; region?: string }[];
};

/** The synthesis's folder: each stage's cloud assembly is in cdk.out-<stage>. */
export const workDir = inject('infraDir');

/** Waits for a stage's synthesis (started by the global setup; at most five minutes) and reads what it wrote. */
async function synthesized(stage: StageName): Promise<Synthesized> {
  const done = join(workDir, `stacks-${stage}.json`);
  const failed = join(workDir, `failed-${stage}.txt`);
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; await new Promise((wake) => setTimeout(wake, 200))) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as Synthesized;
    if (existsSync(failed)) {
      const log = readFileSync(join(workDir, 'synth.log'), 'utf8');
      throw new Error(`the infra synthesis of ${stage} failed:\n${readFileSync(failed, 'utf8')}\n${log}`);
    }
  }
  throw new Error(`the infra synthesis of ${stage} wrote nothing to ${workDir} in five minutes`);
}

const synthesis = Object.fromEntries(await Promise.all(stages.map(async (stage) => [stage, await synthesized(stage)] as const))) as Record<
  StageName,
  Synthesized
>;

/** The inline script of the synthesized web build's index.html. */
export const inlineScript = synthesis.dev.inlineScript;

export const built = Object.fromEntries(
  stages.map((stage) => {
    const { edge, shop, alarms, backupCopy, nested, ...facts } = synthesis[stage].stage;
    const shopName = `Storefront-${stage}`;
    const shopNested = nested.filter((stack) => stack.parent === shopName);
    const byPath = Object.fromEntries(
      shopNested.map((stack) => [
        stack.path.slice(shopName.length + 1),
        { logicalId: stack.logicalId, template: Template.fromJSON(stack.template) },
      ]),
    );
    const stacks: Stacks = {
      edge: Template.fromJSON(edge),
      shop: Template.fromJSON(shop),
      whole: Template.fromJSON(flattened(shop, Object.fromEntries(shopNested.map((stack) => [stack.logicalId, stack.template])))),
      nested: byPath,
      alarmsNested: byPath.Alarms!.template,
      alarms: Template.fromJSON(alarms),
      backupCopy: backupCopy && Template.fromJSON(backupCopy),
      backupCopyEnv: facts.backupCopyEnv,
      stackNames: facts.stackNames,
      terminationProtection: facts.terminationProtection,
      envs: facts.envs,
    };
    return [stage, stacks];
  }),
) as Record<StageName, Stacks>;

/**
 * Every template of each stage's cloud assembly: each stack's by its name, each nested stack's (a
 * file of its own in the assembly) by its construct path, `<stack name>/<path>`.
 */
export const assemblies = Object.fromEntries(
  stages.map((stage) => {
    const { assembly, nested } = synthesis[stage].stage;
    return [stage, { ...assembly, ...Object.fromEntries(nested.map((stack) => [stack.path, stack.template])) }];
  }),
) as Record<StageName, Record<string, { Resources: Record<string, Resource>; Parameters?: object; Outputs?: object }>>;

/** The stacks CloudFormation deploys on their own: the assembly's, not the nested ones. */
export const deployedStacks = (stage: StageName) => Object.keys(assemblies[stage]).filter((name) => !name.includes('/'));

/** A stage's shop, its nested stacks' resources included (`Stacks.whole`): every function, route and grant of it. */
export const dev = () => built.dev.whole;
export const prod = () => built.prod.whole;

export function resources(template: Template, type: string, props: object = {}): [string, Resource][] {
  return Object.entries(template.findResources(type, props)) as [string, Resource][];
}

/**
 * A value of the nested alarms stack as the shop states it: every parameter reference replaced by
 * what the shop passes it, and that followed into the nested stack it comes from (a function of an
 * area's stack is its `Ref` there).
 */
export function fromShop(stacks: Stacks, value: unknown): unknown {
  const nested: NestedTemplates = Object.fromEntries(
    Object.values(stacks.nested).map(({ logicalId, template }) => [logicalId, template.toJSON() as TemplateJson]),
  );
  return inMainTerms(stacks.shop.toJSON() as TemplateJson, nested, value, stacks.nested.Alarms!.logicalId);
}

/** Whether a nested value is, once its parameters are followed, the shop's value written as `shopJson`. */
export const parameterOf = (stacks: Stacks, nestedValue: unknown, shopJson: string) =>
  JSON.stringify(fromShop(stacks, nestedValue)) === shopJson;

/** The alarms of a stage's nested alarms stack, each with its properties as the shop's values (JSON). */
export const alarmsOf = (stage: StageName, type = 'AWS::CloudWatch::Alarm') =>
  resources(built[stage].alarmsNested, type).map(([id, alarm]) => [id, JSON.stringify(fromShop(built[stage], alarm.Properties))] as const);

/** The one resource of a type, failing when there is none or more than one. */
export function single(template: Template, type: string, filter: (logicalId: string) => boolean = () => true): Resource {
  const matches = resources(template, type).filter(([id]) => filter(id));
  expect(matches, type).toHaveLength(1);
  return matches[0]![1];
}

/** The house functions: everything but CDK's own custom-resource handlers. */
export function houseFunctions(template: Template) {
  return resources(template, 'AWS::Lambda::Function', {
    Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: Match.anyValue() } } },
  });
}

/** Follows route → integration → function and returns the function's logical id and resource. */
export function functionForRoute(template: Template, routeKey: string): [string, Resource] {
  const matches = resources(template, 'AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } });
  expect(matches, `route ${routeKey}`).toHaveLength(1);
  const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(matches[0]![1].Properties.Target))![1]!;
  const integration = template.toJSON().Resources[integrationId] as Resource;
  expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
  const functionId = integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
  return [functionId, template.toJSON().Resources[functionId] as Resource];
}

/** The API's functions: one per handler module, however many rows name it. */
export const handlerCount = new Set(routes.map((row) => row.handler)).size;

export const routeKeyOf = (row: (typeof routes)[number]) => `${row.method} ${apiBasePath}${canonicalPath(row.path)}`;

/**
 * The logical id `HttpApi.addRoutes` gives each row's route, by route key (and HttpApi its `$default`
 * route), in a stack whose API is at `Api/HttpApi` as the shop's is: the ids every route of a
 * deployed stage has had since the API was made with addRoutes. They must not change: CloudFormation
 * makes a route under a new id before it deletes the old one, and API Gateway refuses the second
 * route with the same key (decision 0017).
 */
export function addRoutesLogicalIds(): Record<string, string> {
  const stack = new Stack(new App(), 'RouteIds');
  const integration = new HttpUrlIntegration('Anywhere', 'https://example.com');
  const api = new HttpApi(new Construct(stack, 'Api'), 'HttpApi', { createDefaultStage: false, defaultIntegration: integration });
  const idOf = (construct: Construct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  const ids: Record<string, string> = { $default: idOf(api.node.findChild('DefaultRoute') as Construct) };
  for (const row of routes) {
    const [route] = api.addRoutes({ path: `${apiBasePath}${canonicalPath(row.path)}`, methods: [HttpMethod[row.method]], integration });
    ids[routeKeyOf(row)] = idOf(route!);
  }
  return ids;
}

/** Every statement granted to a function's role (its managed policy aside). */
export function statementsOf(template: Template, functionResource: Resource): Statement[] {
  return roleStatements(template.toJSON().Resources, roleIdOf(functionResource)!);
}

export const actionsOf = (statement: Statement) => [statement.Action].flat();
/** Whether a partition key matches any of IAM StringLike patterns (`*` any run of characters). */
export const matchesAny = (patterns: readonly string[], key: string) =>
  patterns.some((pattern) => new RegExp(`^${pattern.replace(/[#.]/g, '\\$&').replaceAll('*', '.*')}$`).test(key));
export const logicalIdOf = (template: Template, type: string, prefix: string) =>
  resources(template, type).find(([id]) => id.startsWith(prefix))![0];

export const distribution = (template: Template) => single(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
