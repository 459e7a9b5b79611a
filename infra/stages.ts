import type { App } from 'aws-cdk-lib';
import { EdgeAlarmsStack, EdgeProtectionStack } from './edge-stacks';
import type { StageConfig, StageName } from './stage-config';
import { StorefrontStack } from './storefront-stack';

export interface StageOptions {
  stage: StageName;
  config: StageConfig;
  webAssetsDir: string;
  awsEndpointUrl?: string;
}

/**
 * A stage's three stacks, each pinned to the stage's account: the WAF web ACL in us-east-1
 * (CloudFront takes web ACLs from there only), the shop in the stage's region, and the
 * distribution's alarm back in us-east-1 (CloudFront's metrics live there). `cdk deploy --all`
 * deploys them in that order. Prod's stacks have termination protection.
 */
export function addStage(app: App, { stage, config, webAssetsDir, awsEndpointUrl }: StageOptions) {
  const edgeEnv = { account: config.account, region: 'us-east-1' };
  const common = { terminationProtection: stage === 'prod', crossRegionReferences: true };
  const edge = new EdgeProtectionStack(app, `Storefront-${stage}-waf`, {
    ...common,
    env: edgeEnv,
    stage,
    description: `Storefront (${stage}): the WAF web ACL of the distribution`,
  });
  const shop = new StorefrontStack(app, `Storefront-${stage}`, {
    ...common,
    env: { account: config.account, region: config.region },
    stage,
    config,
    webAssetsDir,
    webAclArn: edge.webAclArn,
    awsEndpointUrl,
    description: `Storefront (${stage}): SPA, HTTP API, table, alarms`,
  });
  const alarms = new EdgeAlarmsStack(app, `Storefront-${stage}-edge-alarms`, {
    ...common,
    env: edgeEnv,
    stage,
    alarmEmail: config.alarmEmail,
    distributionId: shop.distributionId,
    description: `Storefront (${stage}): the distribution's 5xx alarm`,
  });
  return { edge, shop, alarms };
}
