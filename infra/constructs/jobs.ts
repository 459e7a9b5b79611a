import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../../functions/routes/jobs';
import { needsSupplier, tableGrantOf } from '../../functions/routes/grants';
import type { SupplierEgress } from './supplier-egress';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction, type SupplierAccess } from './house-function';
import { acknowledge } from '../nag';

type JobModule = (typeof jobs)[number]['module'];

/** How a scheduled job runs in the cloud, and the construct ids of its pieces (kept: a new id would replace the resource). */
export interface JobSchedule {
  /** What the alarms and the dashboard call it. */
  title: string;
  every: Duration;
  /** The function's construct id. */
  functionId: string;
  /** The EventBridge rule's construct id. */
  ruleId: string;
  /** The failed-run queue's construct id. */
  failuresId: string;
  /** The prefix of its alarms' ids (`<prefix>Failed`, `<prefix>FailedRunsQueued`, `<prefix>MissedRuns`). */
  alarmPrefix: string;
}

/** Every job of the route table's `jobs`, by module: a job without an entry here does not compile. */
export const jobSchedules: Record<JobModule, JobSchedule> = {
  'payments/jobs/reconcile-payments.ts': {
    title: 'payments reconciler',
    every: Duration.minutes(5),
    functionId: 'ReconcilePayments',
    ruleId: 'Every5Minutes',
    failuresId: 'ReconcilerFailures',
    alarmPrefix: 'Reconciler',
  },
  'orders/jobs/advance-deliveries.ts': {
    title: 'delivery job',
    every: Duration.minutes(1),
    functionId: 'AdvanceDeliveries',
    ruleId: 'EveryMinute',
    failuresId: 'DeliveryFailures',
    alarmPrefix: 'Delivery',
  },
};

/** One scheduled job as built: its function, its failed-run queue and its schedule. */
export interface ScheduledJob extends JobSchedule {
  fn: HouseFunction;
  failedRuns: Queue;
}

export interface JobsProps {
  table: ITable;
  gatewayKey: ISecret;
  supplier: SupplierAccess;
  /** The stage's fixed outbound address, for the jobs that call the supplier; absent: none (a supplier that demands one stays manual). */
  egress?: SupplierEgress;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
  removalPolicy: RemovalPolicy;
}

/**
 * Scheduled functions, one per entry of the route table's `jobs`, each granted like a row (its
 * table writes; the gateway key and the supplier only where the job names them), on an
 * EventBridge rate, never retried (the next run is minutes away and every step is idempotent or
 * claimed by a conditional write); a run that fails anyway leaves its event in a queue of its
 * own, which an alarm watches, and an event not run within the job's interval is dropped (the next
 * run is due). No job reserves concurrency (a new account's quota of 10 refuses any reservation).
 * The payments reconciler runs every five minutes, one run at a time by a lease in the table
 * (functions/shared/lease.ts): it re-verifies payments still pending (lost callbacks, payers who
 * never came back), settles the paid ones and cancels the long-dead ones. The delivery job runs
 * every minute, its runs free to overlap (each step is claimed by a conditional write): it starts
 * automatic deliveries whose first dispatch never happened and asks the supplier about those sent
 * or lost.
 */
export class Jobs extends Construct {
  readonly scheduled: ScheduledJob[] = [];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    for (const job of jobs) {
      const schedule = jobSchedules[job.module];
      const failedRuns = new Queue(this, schedule.failuresId, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.removalPolicy,
      });
      acknowledge(failedRuns, [
        { id: 'AwsSolutions-SQS3', reason: `This queue is itself the dead letter destination of the ${schedule.title}` },
      ]);
      const fn = new HouseFunction(this, schedule.functionId, {
        entry: job.module,
        description: `${describeRate(schedule.every)}: ${job.module.replace(/\.ts$/, '')}`,
        defaults: props.defaults,
        roles: props.roles,
        table: props.table,
        tableGrant: tableGrantOf(job),
        gatewayKey: 'gateway' in job && job.gateway ? props.gatewayKey : undefined,
        supplier: needsSupplier(job) ? props.supplier : undefined,
        egress: 'egress' in job && job.egress ? props.egress : undefined,
        timeout: Duration.minutes(2),
      });
      // A run not started within its own interval is stale: the next one is already due.
      fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: schedule.every, onFailure: new SqsDestination(failedRuns) });
      new Rule(this, schedule.ruleId, {
        schedule: Schedule.rate(schedule.every),
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      this.scheduled.push({ ...schedule, fn, failedRuns });
    }
  }
}

/** `every 5 minutes`, `every 1 minute`. */
function describeRate(every: Duration): string {
  const minutes = every.toMinutes();
  return `every ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
