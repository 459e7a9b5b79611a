import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { reportsConsumer } from '../../functions/routes/jobs';
import { tableGrantOf } from '../../functions/routes/grants';
import type { FunctionRoles } from './function-roles';
import type { FunctionDefaults, HouseFunction } from './house-function';
import { streamConsumer } from './stream-consumer';

export interface ReportSumsProps {
  table: ITable;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
  removalPolicy: RemovalPolicy;
}

/**
 * The reports' consumer (decision 0023): the table's stream, filtered to new report events, feeds
 * one function that adds each to the day's aggregates once. Batches wait to fill
 * (`batchWindowSeconds`), so that a busy day's events share their aggregates' writes (see `streamConsumer`).
 */
export class ReportSums extends Construct {
  readonly consumer: HouseFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ReportSumsProps) {
    super(scope, id);
    ({ consumer: this.consumer, deadLetters: this.deadLetters } = streamConsumer(this, 'SumReportEvents', {
      name: 'reports consumer',
      function: {
        entry: reportsConsumer.module,
        defaults: props.defaults,
        roles: props.roles,
        table: props.table,
        tableGrant: tableGrantOf(reportsConsumer),
      },
      newImage: reportsConsumer.newImage,
      batchSize: 100,
      batchingWindow: Duration.seconds(reportsConsumer.batchWindowSeconds),
      removalPolicy: props.removalPolicy,
    }));
  }
}
