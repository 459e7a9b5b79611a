import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { needsVapid, outboxConsumer, tableGrantOf } from '../../functions/routes';
import { acknowledge } from '../nag';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction } from './house-function';

export interface OutboxProps {
  table: ITable;
  roles: FunctionRoles;
  defaults: FunctionDefaults;
  mailFrom: string;
  /** The operators' Telegram bot token, read by this consumer alone. */
  telegramBot: ISecret;
  /** The key ring, which signs the mails' unsubscribe links. */
  keyRing: ISecret;
  /** The VAPID keys that sign its pushes. */
  vapidSecret: ISecret;
  removalPolicy: RemovalPolicy;
}

/**
 * The notifications outbox's consumer: the table's stream (new images), filtered at the event
 * source to new notifications and operator alerts, feeds one function that carries each to its
 * channels (each send claimed on the item, so a replayed record sends nothing twice). A failed record is
 * retried alone (bisecting, batch item failures), three times, then its batch's place in the
 * stream goes to a dead-letter queue that an alarm watches.
 */
export class Outbox extends Construct {
  readonly consumer: HouseFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: OutboxProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    acknowledge(this.deadLetters, [{ id: 'AwsSolutions-SQS3', reason: "This queue is itself the outbox consumer's dead-letter queue" }]);
    this.consumer = new HouseFunction(this, 'FanOutNotifications', {
      entry: outboxConsumer.module,
      description: `table stream: ${outboxConsumer.module.replace(/\.ts$/, '')}`,
      defaults: props.defaults,
      roles: props.roles,
      table: props.table,
      tableGrant: tableGrantOf(outboxConsumer),
      mailFrom: outboxConsumer.mail ? props.mailFrom : undefined,
      telegramBot: outboxConsumer.telegram ? props.telegramBot : undefined,
      keyRing: outboxConsumer.secret ? props.keyRing : undefined,
      vapidSecret: needsVapid(outboxConsumer) ? props.vapidSecret : undefined,
      readsTableStream: true,
      timeout: Duration.seconds(30),
    });
    this.consumer.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 3,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.or('Notification', 'Alert') } } },
          }),
        ],
      }),
    );
  }
}
