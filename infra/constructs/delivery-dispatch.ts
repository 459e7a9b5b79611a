import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deliveryDispatcher, tableGrantOf } from '../../functions/routes';
import { acknowledge } from '../nag';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction, type SupplierAccess } from './house-function';
import type { SupplierEgress } from './supplier-egress';

export interface DeliveryDispatchProps {
  table: ITable;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
  supplier: SupplierAccess;
  /** The stage's fixed outbound address, where it has one. */
  egress?: SupplierEgress;
  removalPolicy: RemovalPolicy;
}

/**
 * The delivery dispatcher: the table's stream (new images), filtered at the event source to new
 * orders whose supplier top-up is queued, feeds one function that sends each once from the stage's
 * fixed outbound address (the send is claimed on the order first, so a replayed record sends
 * nothing twice). Request functions never call the supplier: they write the order with its
 * delivery's intent, and this sends it within a second. A failed record is retried alone
 * (bisecting, batch item failures) three times, then its place in the stream goes to a dead-letter
 * queue that an alarm watches; the delivery job sends any order still queued after two spacings.
 */
export class DeliveryDispatch extends Construct {
  readonly dispatcher: HouseFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: DeliveryDispatchProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    acknowledge(this.deadLetters, [
      { id: 'AwsSolutions-SQS3', reason: "This queue is itself the delivery dispatcher's dead-letter queue" },
    ]);
    this.dispatcher = new HouseFunction(this, 'DispatchDeliveries', {
      entry: deliveryDispatcher.module,
      description: `table stream: ${deliveryDispatcher.module.replace(/\.ts$/, '')}`,
      defaults: props.defaults,
      roles: props.roles,
      table: props.table,
      tableGrant: tableGrantOf(deliveryDispatcher),
      supplier: props.supplier,
      egress: props.egress,
      readsTableStream: true,
      timeout: Duration.seconds(30),
    });
    this.dispatcher.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        bisectBatchOnError: true,
        retryAttempts: 3,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: {
              NewImage: {
                entity: { S: FilterRule.isEqual('PlanOrder') },
                delivery: { M: { mode: { S: FilterRule.isEqual('supplier') }, state: { S: FilterRule.isEqual('queued') } } },
              },
            },
          }),
        ],
      }),
    );
  }
}
