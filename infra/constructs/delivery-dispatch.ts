import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deliveryDispatcher } from '../../functions/routes/jobs';
import { tableGrantOf } from '../../functions/routes/grants';
import type { FunctionRoles } from './function-roles';
import type { FunctionDefaults, HouseFunction, SupplierAccess } from './house-function';
import { streamConsumer } from './stream-consumer';
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
 * The delivery dispatcher: the table's stream, filtered to new orders whose supplier top-up is
 * queued, feeds one function that sends each once from the stage's fixed outbound address (see
 * `streamConsumer`). Request functions never call the supplier: they write the order with its
 * delivery's intent, and this sends it within a second; the delivery job sends any order still
 * queued after two spacings.
 */
export class DeliveryDispatch extends Construct {
  readonly dispatcher: HouseFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: DeliveryDispatchProps) {
    super(scope, id);
    ({ consumer: this.dispatcher, deadLetters: this.deadLetters } = streamConsumer(this, 'DispatchDeliveries', {
      name: 'delivery dispatcher',
      function: {
        entry: deliveryDispatcher.module,
        defaults: props.defaults,
        roles: props.roles,
        table: props.table,
        tableGrant: tableGrantOf(deliveryDispatcher),
        supplier: props.supplier,
        egress: props.egress,
      },
      newImage: deliveryDispatcher.newImage,
      batchSize: 10,
      batchingWindow: Duration.seconds(0),
      removalPolicy: props.removalPolicy,
    }));
  }
}
