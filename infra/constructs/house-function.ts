import { join } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SubnetType } from 'aws-cdk-lib/aws-ec2';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ILogGroup, LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { functionsDir, houseBundling, repoRoot } from '../bundling';
import { mailDomainOf } from '../stage-config';
import type { TableGrant } from '../../functions/routes/grants';
import type { FunctionGrants, FunctionRoles } from './function-roles';
import type { SupplierEgress } from './supplier-egress';

/** What every function of a stage shares. */
export interface FunctionDefaults {
  /** Variables every function reads (STAGE, SITE_URL, the gateway and Google settings). */
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** What happens to a function's log group when the stack goes. */
  logRemovalPolicy: RemovalPolicy;
}

/** The top-up supplier as a stage has it: the secret with its credentials and the stage's address of it. */
export interface SupplierAccess {
  /** JSON `{"username", "apiKey", "webhookSecret"}` (functions/shared/secrets.ts). */
  secret: ISecret;
  /** SUPPLIER_URL: the supplier's API. */
  url: string;
}

/** The nickname lookup as a stage has it: its own key and its address. */
export interface LookupAccess {
  /** JSON `{"key"}` (functions/shared/secrets.ts). */
  secret: ISecret;
  /** PLAYER_LOOKUP_URL; empty for none (the variable is then left out). */
  url: string;
}

/** The SMS provider as a stage has it: the secret with its credentials, its address and its name in the registry. */
export interface SmsAccess {
  /** JSON `{"apiKey", "senderId"}` (functions/shared/secrets.ts). */
  secret: ISecret;
  /** SMS_API_URL: the provider's API. */
  url: string;
  /** SMS_PROVIDER: the adapter's name in functions/sms/registry.ts. */
  provider: string;
}

export interface HouseFunctionProps {
  /** The module exporting `handler`, relative to functions/, e.g. `catalog/handlers/list-plans.ts`. */
  entry: string;
  description?: string;
  defaults: FunctionDefaults;
  /** Variables of this function beyond the defaults and its grants. */
  environment?: Record<string, string>;
  /** The shared execution roles; the function takes the one of its grants. */
  roles: FunctionRoles;
  /** The table, with `tableGrant`: granted (through the role) and named (TABLE_NAME) together. */
  table?: ITable;
  tableGrant?: TableGrant;
  /** The key ring: read permission and APP_SECRET_ID together. */
  keyRing?: ISecret;
  /** The gateway's API key: read permission and GATEWAY_SECRET_ID together; such a function is traced (X-Ray). */
  gatewayKey?: ISecret;
  /** The top-up supplier, for a function that calls it or checks its webhook: read permission on its secret, SUPPLIER_SECRET_ID and its address together. */
  supplier?: SupplierAccess;
  /** The nickname lookup: read permission on its key, LOOKUP_SECRET_ID and its address together. */
  lookup?: LookupAccess;
  /** The SMS provider: read permission on its secret, SMS_SECRET_ID, its address and its name together. */
  sms?: SmsAccess;
  /**
   * The stage's fixed outbound address, for a function that calls the supplier's API: placed in
   * its VPC's private subnets with its security group, and told the address (SUPPLIER_EGRESS_ADDRESS).
   */
  egress?: SupplierEgress;
  /** The VAPID keys (Web Push): read permission and VAPID_SECRET_ID together. */
  vapidSecret?: ISecret;
  /** The site bucket, for a function that signs upload permits or reads screenshots (`uploads`), with UPLOAD_BUCKET. */
  uploadBucket?: IBucket;
  uploads?: FunctionGrants['uploads'];
  /** The shop's sender, for a function that sends e-mail: SendEmail as its domain and MAIL_FROM together. */
  mailFrom?: string;
  /** Invalidates cached reads: CreateInvalidation and EDGE_DISTRIBUTION_ID, given by `Api.allowEdgeInvalidation` once the distribution exists. */
  invalidatesEdge?: boolean;
  /** Fed by the table's stream: its role (of its own) reads the stream. */
  readsTableStream?: boolean;
  /** The operators' Telegram bot: read permission on its secret and TELEGRAM_SECRET_ID together. */
  telegramBot?: ISecret;
  /**
   * A log group shared with other functions (each writes its own streams, named after it, and
   * every line carries function_name); without one the function gets a group of its own.
   */
  logGroup?: ILogGroup;
  /** @default 1024 (scrypt and cold starts both like CPU, which scales with memory) */
  memorySize?: number;
  /** @default 10 seconds (the HTTP API gives up after 30; gateway calls give up after 4) */
  timeout?: Duration;
}

/**
 * The house Lambda function: Node 22 on arm64, an ESM bundle made by the local esbuild with the
 * options of infra/bundling.ts, its own log group with a retention, Powertools settings, and
 * table and secret access granted (through the shared role of those grants) in the same place
 * that names them. Not tied to HTTP: a scheduled job is a HouseFunction plus an EventBridge rule
 * targeting it.
 */
export class HouseFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: HouseFunctionProps) {
    const { defaults } = props;
    if ((props.table === undefined) !== (props.tableGrant === undefined)) {
      throw new Error(`${id}: give both table and tableGrant, or neither`);
    }
    const logGroup =
      props.logGroup ??
      new LogGroup(scope, `${id}Logs`, {
        retention: defaults.logRetention,
        removalPolicy: defaults.logRemovalPolicy,
      });
    super(scope, id, {
      entry: join(functionsDir, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      // The platform's own lines (start, end, report) as JSON too, beside Powertools' JSON lines: one log format to query.
      loggingFormat: LoggingFormat.JSON,
      tracing: props.gatewayKey ? Tracing.ACTIVE : undefined,
      logGroup,
      role: props.roles.roleFor({
        table: props.tableGrant,
        keyRing: props.keyRing !== undefined,
        gatewayKey: props.gatewayKey !== undefined,
        supplierSecret: props.supplier !== undefined,
        lookupSecret: props.lookup !== undefined,
        smsSecret: props.sms !== undefined,
        vpc: props.egress !== undefined,
        vapidSecret: props.vapidSecret !== undefined,
        uploads: props.uploadBucket ? props.uploads : undefined,
        mailDomain: props.mailFrom ? mailDomainOf(props.mailFrom) : undefined,
        invalidatesEdge: props.invalidatesEdge,
        tableStream: props.readsTableStream,
        telegramBot: props.telegramBot !== undefined,
      }),
      ...(props.egress
        ? {
            vpc: props.egress.vpc,
            vpcSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
            securityGroups: [props.egress.securityGroup],
          }
        : {}),
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: houseBundling,
      // No --enable-source-maps: it costs every cold import 9-15 ms (measured); the .map files stay beside the bundles.
      environment: {
        ...defaults.environment,
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: 'storefront',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      },
    });

    if (props.table) this.addEnvironment('TABLE_NAME', props.table.tableName);
    if (props.keyRing) this.addEnvironment('APP_SECRET_ID', props.keyRing.secretArn);
    if (props.gatewayKey) this.addEnvironment('GATEWAY_SECRET_ID', props.gatewayKey.secretArn);
    if (props.supplier) {
      this.addEnvironment('SUPPLIER_SECRET_ID', props.supplier.secret.secretArn);
      this.addEnvironment('SUPPLIER_URL', props.supplier.url);
    }
    if (props.lookup) {
      this.addEnvironment('LOOKUP_SECRET_ID', props.lookup.secret.secretArn);
      if (props.lookup.url) this.addEnvironment('PLAYER_LOOKUP_URL', props.lookup.url);
    }
    if (props.sms) {
      this.addEnvironment('SMS_SECRET_ID', props.sms.secret.secretArn);
      this.addEnvironment('SMS_API_URL', props.sms.url);
      this.addEnvironment('SMS_PROVIDER', props.sms.provider);
    }
    if (props.egress) this.addEnvironment('SUPPLIER_EGRESS_ADDRESS', props.egress.address.attrPublicIp);
    if (props.vapidSecret) this.addEnvironment('VAPID_SECRET_ID', props.vapidSecret.secretArn);
    if (props.uploadBucket) this.addEnvironment('UPLOAD_BUCKET', props.uploadBucket.bucketName);
    if (props.mailFrom) this.addEnvironment('MAIL_FROM', props.mailFrom);
    if (props.telegramBot) this.addEnvironment('TELEGRAM_SECRET_ID', props.telegramBot.secretArn);
  }
}
