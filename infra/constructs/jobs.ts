import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction } from './house-function';

/** The reconciler's module, relative to functions/ (the bundle report measures it too). */
export const reconcilerEntry = 'payments/jobs/reconcile-payments.ts';

export interface JobsProps {
  table: ITable;
  secret: ISecret;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
}

/**
 * Scheduled functions. The payments reconciler runs every five minutes: it re-verifies payments
 * still pending after a few minutes (lost callbacks, payers who never came back), settles the
 * paid ones and cancels the long-dead ones.
 */
export class Jobs extends Construct {
  readonly reconciler: HouseFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.reconciler = new HouseFunction(this, 'ReconcilePayments', {
      entry: reconcilerEntry,
      description: 'every 5 minutes: payments/jobs/reconcile-payments',
      defaults: props.defaults,
      roles: props.roles,
      table: props.table,
      tableAccess: 'read-write',
      secret: props.secret,
      timeout: Duration.minutes(2),
    });
    new Rule(this, 'Every5Minutes', {
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(this.reconciler, { retryAttempts: 0 })],
    });
  }
}
