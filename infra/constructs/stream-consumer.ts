import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type NewImagePattern, streamFeedPattern } from '../../functions/routes/jobs';
import { acknowledge } from '../nag';
import { HouseFunction, type HouseFunctionProps } from './house-function';

export interface StreamConsumerProps {
  /** The consumer's own settings; it reads the table's stream, has 30 seconds a batch, and says so in its description. */
  function: Omit<HouseFunctionProps, 'description' | 'readsTableStream' | 'timeout'> & { table: ITable };
  /** What the consumer is, as the dead-letter queue's acknowledgement names it. */
  name: string;
  /** The new items it is fed, as the event source's filter matches their new image (its row in functions/routes/jobs.ts). */
  newImage: NewImagePattern;
  batchSize: number;
  batchingWindow: Duration;
  removalPolicy: RemovalPolicy;
}

/**
 * A function the table's stream feeds with new items of its kind only (filtered at the event
 * source), each claimed on its item so that a replayed record does nothing twice. A failed record
 * is retried alone (bisecting, batch item failures) three times, then its place in the stream goes
 * to a dead-letter queue that an alarm watches. Made in `scope` as `DeadLetters` and `functionId`.
 */
export function streamConsumer(scope: Construct, functionId: string, props: StreamConsumerProps) {
  const deadLetters = new Queue(scope, 'DeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy: props.removalPolicy,
  });
  acknowledge(deadLetters, [{ id: 'AwsSolutions-SQS3', reason: `This queue is itself the ${props.name}'s dead-letter queue` }]);
  const consumer = new HouseFunction(scope, functionId, {
    ...props.function,
    description: `table stream: ${props.function.entry.replace(/\.ts$/, '')}`,
    readsTableStream: true,
    timeout: Duration.seconds(30),
  });
  consumer.addEventSource(
    new DynamoEventSource(props.function.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: props.batchSize,
      maxBatchingWindow: props.batchingWindow,
      bisectBatchOnError: true,
      retryAttempts: 3,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetters),
      filters: [FilterCriteria.filter(streamFeedPattern(props.newImage))],
    }),
  );
  return { consumer, deadLetters };
}
