import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { reconcilerJob, tableGrantOf } from '../../functions/routes';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction } from './house-function';
import { acknowledge } from '../nag';

/** How often the reconciler runs; the missed-run alarm counts on it. */
export const reconcilerSchedule = Duration.minutes(5);

export interface JobsProps {
  table: ITable;
  gatewayKey: ISecret;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
  removalPolicy: RemovalPolicy;
}

/**
 * Scheduled functions. The payments reconciler runs every five minutes: it re-verifies payments
 * still pending after a few minutes (lost callbacks, payers who never came back), settles the
 * paid ones and cancels the long-dead ones. One run at a time (reserved concurrency 1), never
 * retried (the next run is five minutes away and every settle is idempotent); a run that fails
 * anyway leaves its event in a queue, which an alarm watches.
 */
export class Jobs extends Construct {
  readonly reconciler: HouseFunction;
  readonly failedRuns: Queue;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.failedRuns = new Queue(this, 'ReconcilerFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    acknowledge(this.failedRuns, [
      { id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead letter destination of the reconciler' },
    ]);
    this.reconciler = new HouseFunction(this, 'ReconcilePayments', {
      entry: reconcilerJob.module,
      description: 'every 5 minutes: payments/jobs/reconcile-payments',
      defaults: props.defaults,
      roles: props.roles,
      table: props.table,
      tableGrant: tableGrantOf(reconcilerJob),
      gatewayKey: props.gatewayKey,
      timeout: Duration.minutes(2),
      reservedConcurrentExecutions: 1,
    });
    this.reconciler.configureAsyncInvoke({ retryAttempts: 0, onFailure: new SqsDestination(this.failedRuns) });
    new Rule(this, 'Every5Minutes', {
      schedule: Schedule.rate(reconcilerSchedule),
      targets: [new LambdaFunction(this.reconciler, { retryAttempts: 0 })],
    });
  }
}
