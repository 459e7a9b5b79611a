import { type App, Stack, type StackProps } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { copyVaultName, lockedVault } from './constructs/backups';
import { SupplierEgress } from './constructs/supplier-egress';
import { EdgeAlarmsStack, EdgeProtectionStack } from './edge-stacks';
import type { StageConfig, StageName } from './stage-config';
import { StorefrontStack } from './storefront-stack';

export interface StageOptions {
  stage: StageName;
  config: StageConfig;
  webAssetsDir: string;
  awsEndpointUrl?: string;
}

/** The locked vault in a second region that receives a stage's backup copies. */
export class BackupCopyStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { stage: StageName }) {
    super(scope, id, props);
    lockedVault(this, 'CopyVault', copyVaultName(props.stage));
  }
}

/**
 * The delivery functions' fixed outbound address (infra/constructs/supplier-egress.ts), in a stack
 * of its own in the stage's region: the address outlives any change to the shop's stack (the
 * supplier has it whitelisted), and the shop's stack keeps its room under CloudFormation's 500
 * resources for the routes.
 */
export class SupplierEgressStack extends Stack {
  readonly egress: SupplierEgress;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageName }) {
    super(scope, id, props);
    const retain = props.stage === 'prod';
    this.egress = new SupplierEgress(this, 'SupplierEgress', {
      retain,
      logRetention: retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK,
    });
  }
}

/**
 * A stage's stacks, each pinned to the stage's account: the WAF web ACL in us-east-1 (CloudFront
 * takes web ACLs from there only), prod's backups' copy vault in a second region, the supplier's
 * fixed outbound address where the stage has one (prod by default), the shop in the stage's region,
 * and the distribution's alarm back in us-east-1 (CloudFront's metrics live there). `cdk deploy
 * --all` deploys them in that order. Prod's stacks have termination protection.
 */
export function addStage(app: App, { stage, config, webAssetsDir, awsEndpointUrl }: StageOptions) {
  const edgeEnv = { account: config.account, region: 'us-east-1' };
  const common = { terminationProtection: stage === 'prod', crossRegionReferences: true };
  const edge = new EdgeProtectionStack(app, `Storefront-${stage}-waf`, {
    ...common,
    env: edgeEnv,
    stage,
    retain: stage === 'prod',
    description: `Storefront (${stage}): the WAF web ACL of the distribution`,
  });
  const backupCopy =
    stage === 'prod'
      ? new BackupCopyStack(app, `Storefront-${stage}-backup-copy`, {
          ...common,
          env: { account: config.account, region: config.backupCopyRegion },
          stage,
          description: `Storefront (${stage}): the locked vault that holds the table's backup copies`,
        })
      : undefined;
  const egress = config.fixedSupplierAddress
    ? new SupplierEgressStack(app, `Storefront-${stage}-egress`, {
        ...common,
        env: { account: config.account, region: config.region },
        stage,
        description: `Storefront (${stage}): the delivery functions' fixed outbound address (VPC, NAT gateway, Elastic IP)`,
      })
    : undefined;
  const shop = new StorefrontStack(app, `Storefront-${stage}`, {
    ...common,
    env: { account: config.account, region: config.region },
    stage,
    config,
    webAssetsDir,
    webAclArn: edge.webAclArn,
    egress: egress?.egress,
    awsEndpointUrl,
    description: `Storefront (${stage}): SPA, HTTP API, table, alarms`,
  });
  if (backupCopy) shop.node.addDependency(backupCopy);
  const alarms = new EdgeAlarmsStack(app, `Storefront-${stage}-edge-alarms`, {
    ...common,
    env: edgeEnv,
    stage,
    alarmEmail: config.alarmEmail,
    distributionId: shop.distributionId,
    retain: stage === 'prod',
    description: `Storefront (${stage}): the distribution's alarms and access log`,
  });
  return { edge, backupCopy, egress, shop, alarms };
}
