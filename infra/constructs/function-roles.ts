import { Lazy, Stack } from 'aws-cdk-lib';
import type { CfnTable, ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  type AddToPrincipalPolicyResult,
  type CfnRole,
  Effect,
  type IRole,
  ManagedPolicy,
  PolicyDocument,
  PolicyStatement,
  Role,
  type RoleProps,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { TableGrant } from '../../functions/routes/grants';
import { type Acknowledged, acknowledge } from '../nag';

/** What every function with the table may do: read by key, by query, by batch. Never Scan. */
export const tableReadActions = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'] as const;

/** What a function is granted besides writing its own logs. */
export interface FunctionGrants {
  table?: TableGrant;
  /** The key ring (session tokens, sealed data). */
  keyRing?: boolean;
  /** The payment gateway's API key; such functions are also traced with X-Ray. */
  gatewayKey?: boolean;
  /** The top-up supplier's credentials (its API and its webhook's signature). */
  supplierSecret?: boolean;
  /** The nickname lookup's own key. */
  lookupSecret?: boolean;
  /** The SMS provider's credentials. */
  smsSecret?: boolean;
  /** Runs in the supplier egress VPC: the network interfaces Lambda makes there. */
  vpc?: boolean;
  /** The VAPID keys (Web Push): the public-key route and the outbox's consumer. */
  vapidSecret?: boolean;
  /** The site bucket's uploads (the route's `uploads`): Put under uploads/ or evidence/, or Get under evidence/. */
  uploads?: 'images' | 'evidence' | 'read-evidence';
  /** Send e-mail through SES as this verified domain identity. */
  mailDomain?: string;
  /** Invalidate the distribution's cached reads (granted once the distribution exists: `allowInvalidation`). */
  invalidatesEdge?: boolean;
  /** Read the table's stream (the outbox's consumer alone). */
  tableStream?: boolean;
  /** The operators' Telegram bot token (the outbox's consumer alone). */
  telegramBot?: boolean;
}

export interface FunctionRolesProps {
  table: ITable;
  keyRing: ISecret;
  gatewayKey: ISecret;
  supplierSecret: ISecret;
  lookupSecret: ISecret;
  smsSecret: ISecret;
  telegramBot: ISecret;
  vapidSecret: ISecret;
  siteBucket: IBucket;
  uploadsPrefix: string;
  evidencePrefix: string;
}

/**
 * One execution role per distinct set of grants, shared by every function with that set. A role
 * of its own per function would add a role and a policy per route and bring a stack with the
 * admin routes near CloudFormation's 500 resources; and each role's grants are one inline policy
 * of the role (`InlineGrantsRole`), not a policy resource beside it. Table grants are explicit actions (no
 * `grantReadData`, which adds Scan and the stream reads), conditioned on the partitions where the
 * route row names them.
 */
export class FunctionRoles extends Construct {
  private readonly roles = new Map<string, IRole>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionRolesProps,
  ) {
    super(scope, id);
  }

  /** Lets every role granted `invalidatesEdge` invalidate the distribution (made after the functions, which it fronts). */
  allowInvalidation(distribution: IDistribution): void {
    for (const [key, role] of this.roles)
      if ((JSON.parse(key) as FunctionGrants).invalidatesEdge) distribution.grantCreateInvalidation(role);
  }

  /** The shared role of these grants, made on first use. */
  roleFor(grants: FunctionGrants): IRole {
    const key = JSON.stringify(grants);
    let role = this.roles.get(key);
    if (!role) {
      role = this.makeRole(`Role${this.roles.size + 1}`, grants);
      this.roles.set(key, role);
    }
    return role;
  }

  private makeRole(id: string, grants: FunctionGrants): Role {
    const {
      table,
      keyRing,
      gatewayKey,
      supplierSecret,
      lookupSecret,
      smsSecret,
      vapidSecret,
      telegramBot,
      siteBucket,
      uploadsPrefix,
      evidencePrefix,
    } = this.props;
    const role = new InlineGrantsRole(this, id, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Storefront functions: ${describe(grants)}`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    const suppressions: Acknowledged[] = [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole allows only CreateLogGroup, CreateLogStream and PutLogEvents',
      },
    ];
    if (grants.table) {
      const { writes, readKeys, writeKeys, indexes } = grants.table;
      const onPartitions = (keys: readonly string[] | undefined) =>
        keys ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keys] } } : undefined;
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: [...tableReadActions],
          resources: [table.tableArn],
          conditions: onPartitions(readKeys),
        }),
      );
      if (writes.length > 0)
        role.addToPolicy(
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: writes.map((action) => `dynamodb:${action}`),
            resources: [table.tableArn],
            conditions: onPartitions(writeKeys),
          }),
        );
      const indexArns = indexes ? indexes.map((index) => `${table.tableArn}/index/${index}`) : [`${table.tableArn}/index/*`];
      if (indexArns.length > 0) {
        role.addToPolicy(
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ['dynamodb:Query'],
            resources: indexArns,
            conditions: onPartitions(readKeys),
          }),
        );
      }
      if (!indexes)
        suppressions.push({
          id: `AwsSolutions-IAM5[Resource::<${Stack.of(table).getLogicalId(table.node.defaultChild as CfnTable)}.Arn>/index/*]`,
          reason: "Query on this table's own indexes, no other table's",
        });
    }
    if (grants.keyRing) keyRing.grantRead(role);
    if (grants.gatewayKey) {
      gatewayKey.grantRead(role);
      suppressions.push({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing of the payment functions: PutTraceSegments and PutTelemetryRecords take no resource',
      });
    }
    if (grants.supplierSecret) supplierSecret.grantRead(role);
    if (grants.lookupSecret) lookupSecret.grantRead(role);
    if (grants.smsSecret) smsSecret.grantRead(role);
    if (grants.vpc) {
      // What Lambda needs to place the function's network interfaces in the egress VPC (CDK adds it only to roles it makes).
      role.addManagedPolicy(ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaVPCAccessExecutionRole'));
      suppressions.push({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole]',
        reason: "The delivery functions' network interfaces in the supplier egress VPC: Lambda's own create, describe and delete",
      });
    }
    if (grants.vapidSecret) vapidSecret.grantRead(role);
    if (grants.telegramBot) telegramBot.grantRead(role);
    if (grants.tableStream) {
      table.grantStreamRead(role);
      suppressions.push({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'dynamodb:ListStreams takes no resource; the stream reads themselves are on the table stream',
      });
    }
    if (grants.uploads) {
      const prefix = grants.uploads === 'images' ? uploadsPrefix : evidencePrefix;
      const bucketId = Stack.of(siteBucket).getLogicalId(siteBucket.node.defaultChild as CfnBucket);
      if (grants.uploads === 'read-evidence') {
        siteBucket.grantRead(role, `${prefix}*`);
        suppressions.push(
          {
            id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
            reason: "The grant's bucket-level reads come with GetObject; objects under evidence/ only",
          },
          {
            id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
            reason: "Reads shoppers' screenshots under evidence/ only, for an operator looking at a report",
          },
          { id: 'AwsSolutions-IAM5[Action::s3:List*]', reason: "The grant's listing comes with GetObject; objects under evidence/ only" },
          { id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`, reason: 'Reads under the evidence/ prefix only' },
        );
      } else {
        siteBucket.grantPut(role, `${prefix}*`);
        suppressions.push(
          { id: 'AwsSolutions-IAM5[Action::s3:Abort*]', reason: `Aborting its own multipart uploads, under ${prefix} only` },
          {
            id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
            reason:
              grants.uploads === 'images'
                ? "Puts under the uploads/ prefix only, for presigned POSTs of operators' images"
                : "Puts under the evidence/ prefix only, for presigned POSTs of shoppers' screenshots",
          },
        );
      }
    }
    if (grants.mailDomain) {
      const { partition, region, account } = Stack.of(this);
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail'],
          resources: [`arn:${partition}:ses:${region}:${account}:identity/${grants.mailDomain}`],
        }),
      );
    }
    acknowledge(role, suppressions);
    return role;
  }
}

/**
 * A role whose statements, however granted (`addToPolicy`, a secret's `grantRead`, a function's
 * X-Ray or destination grants), go into one inline policy of the role itself. CDK's default is a
 * separate AWS::IAM::Policy per role: some 30 resources of the stack's 500, and a moment after the
 * role is created when a function could run without its grants.
 */
class InlineGrantsRole extends Role {
  private readonly inlineGrants = new PolicyDocument();

  constructor(scope: Construct, id: string, props: RoleProps) {
    super(scope, id, props);
    // Lazy: statements arrive after the role is made (functions, destinations); a role with none has no policy at all.
    (this.node.defaultChild as CfnRole).policies = Lazy.any({
      produce: () => (this.inlineGrants.isEmpty ? undefined : [{ policyName: 'grants', policyDocument: this.inlineGrants }]),
    });
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.inlineGrants.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}

function describe(grants: FunctionGrants): string {
  const table = grants.table
    ? `table read${grants.table.readKeys ? ` of ${grants.table.readKeys.join(' ')}` : ''}${grants.table.writes.length ? `, ${grants.table.writes.join(', ')}${grants.table.writeKeys ? ` on ${grants.table.writeKeys.join(' ')}` : ''}` : ''}`
    : 'no table';
  return [
    table,
    grants.keyRing && 'key ring',
    grants.gatewayKey && 'gateway key',
    grants.supplierSecret && 'supplier secret',
    grants.lookupSecret && 'lookup key',
    grants.smsSecret && 'SMS credentials',
    grants.vpc && 'the egress VPC',
    grants.vapidSecret && 'VAPID keys',
    grants.uploads && `uploads (${grants.uploads})`,
    grants.mailDomain && `mail as ${grants.mailDomain}`,
    grants.invalidatesEdge && 'edge invalidations',
    grants.tableStream && 'the table stream',
    grants.telegramBot && 'telegram bot token',
  ]
    .filter(Boolean)
    .join('; ');
}
