import { join } from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { functionsDir, houseBundling, repoRoot } from '../bundling';
import type { FunctionRoles, TableAccess } from './function-roles';

/** What every function of a stage shares. */
export interface FunctionDefaults {
  /** Variables every function reads (STAGE, the gateway and Google settings). */
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** What happens to a function's log group when the stack goes. */
  logRemovalPolicy: RemovalPolicy;
}

export interface HouseFunctionProps {
  /** The module exporting `handler`, relative to functions/, e.g. `catalog/handlers/list-plans.ts`. */
  entry: string;
  description?: string;
  defaults: FunctionDefaults;
  /** The shared execution roles; the function takes the one of its grants. */
  roles: FunctionRoles;
  /** The table, with `tableAccess`: granted (through the role) and named (TABLE_NAME) together. */
  table?: ITable;
  tableAccess?: TableAccess;
  /** The stage secret: read permission and APP_SECRET_ID together. Only for non-public code. */
  secret?: ISecret;
  /** The site bucket, for a function that signs upload permits: Put on uploads/ and UPLOAD_BUCKET together. */
  uploadBucket?: IBucket;
  /** @default 1024 (scrypt and cold starts both like CPU, which scales with memory) */
  memorySize?: number;
  /** @default 10 seconds (the HTTP API gives up after 30) */
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
    if ((props.table === undefined) !== (props.tableAccess === undefined)) {
      throw new Error(`${id}: give both table and tableAccess, or neither`);
    }
    const logGroup = new LogGroup(scope, `${id}Logs`, {
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
      logGroup,
      role: props.roles.roleFor({ tableAccess: props.tableAccess, secret: props.secret !== undefined, uploads: props.uploadBucket !== undefined }),
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: houseBundling,
      environment: {
        ...defaults.environment,
        POWERTOOLS_SERVICE_NAME: 'storefront',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });

    if (props.table) this.addEnvironment('TABLE_NAME', props.table.tableName);
    if (props.secret) this.addEnvironment('APP_SECRET_ID', props.secret.secretArn);
    if (props.uploadBucket) this.addEnvironment('UPLOAD_BUCKET', props.uploadBucket.bucketName);
  }
}
