import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { needsSms, needsVapid, tableGrantOf } from '../../functions/routes/grants';
import { outboxConsumer } from '../../functions/routes/jobs';
import type { FunctionRoles } from './function-roles';
import type { FunctionDefaults, HouseFunction, SmsAccess } from './house-function';
import { streamConsumer } from './stream-consumer';

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
  /** The SMS provider, for a guest's receipt to a mobile number. */
  sms: SmsAccess;
  removalPolicy: RemovalPolicy;
}

/**
 * The notifications outbox's consumer: the table's stream, filtered to new notifications and
 * operator alerts, feeds one function that carries each to its channels (see `streamConsumer`).
 */
export class Outbox extends Construct {
  readonly consumer: HouseFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: OutboxProps) {
    super(scope, id);
    ({ consumer: this.consumer, deadLetters: this.deadLetters } = streamConsumer(this, 'FanOutNotifications', {
      name: 'outbox consumer',
      function: {
        entry: outboxConsumer.module,
        defaults: props.defaults,
        roles: props.roles,
        table: props.table,
        tableGrant: tableGrantOf(outboxConsumer),
        mailFrom: outboxConsumer.mail ? props.mailFrom : undefined,
        telegramBot: outboxConsumer.telegram ? props.telegramBot : undefined,
        keyRing: outboxConsumer.secret ? props.keyRing : undefined,
        vapidSecret: needsVapid(outboxConsumer) ? props.vapidSecret : undefined,
        sms: needsSms(outboxConsumer) ? props.sms : undefined,
      },
      newImage: outboxConsumer.newImage,
      batchSize: 25,
      batchingWindow: Duration.seconds(1),
      removalPolicy: props.removalPolicy,
    }));
  }
}
