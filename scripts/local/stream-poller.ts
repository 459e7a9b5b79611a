import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';

/** How many times a batch is handed over before it is given up, as the cloud's mapping retries before its dead-letter queue. */
const attemptsPerBatch = 4;

/**
 * Reads the table's stream on DynamoDB Local as Lambda's event source mapping reads it in the
 * cloud: every shard from its start, in order, handing each batch of records to `deliver` (the
 * consumer function) and moving on when it succeeded, or after its last attempt (logged as dead
 * letters, as the cloud's queue would hold them).
 */
export function pollTableStream(options: {
  endpoint: string;
  tableName: string;
  everyMs: number;
  deliver: (records: _Record[]) => Promise<void>;
}): { readNow: () => Promise<void>; stop: () => Promise<void> } {
  const clientOptions = {
    endpoint: options.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const tables = new DynamoDBClient(clientOptions);
  const streams = new DynamoDBStreamsClient(clientOptions);
  /** Where each shard's reading stands: its next iterator, or done once the shard closed and was read to its end. */
  const shards = new Map<string, string | 'done'>();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const iteratorFrom = async (streamArn: string, shardId: string, after?: string) =>
    (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
          SequenceNumber: after,
        }),
      )
    ).ShardIterator;

  const lastSequence = new Map<string, string>();
  const failedAttempts = new Map<string, number>();

  async function pollOnce() {
    const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
    const streamArn = Table?.LatestStreamArn;
    if (!streamArn) return;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      let iterator = shards.get(shardId);
      if (iterator === 'done') continue;
      iterator ??= await iteratorFrom(streamArn, shardId);
      if (!iterator) continue;
      // Read the shard to its present end on every poll, as the cloud's pollers keep up with a busy
      // stream: one batch a poll would fall behind when more records come in a poll's time than a batch holds.
      for (;;) {
        let answer: GetRecordsCommandOutput;
        try {
          answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
        } catch (error) {
          if (!(error instanceof ExpiredIteratorException)) throw error;
          shards.set(shardId, (await iteratorFrom(streamArn, shardId, lastSequence.get(shardId))) ?? 'done');
          break;
        }
        const records = answer.Records ?? [];
        if (records.length > 0) {
          try {
            await options.deliver(records);
          } catch (error) {
            const attempts = (failedAttempts.get(shardId) ?? 0) + 1;
            failedAttempts.set(shardId, attempts);
            if (attempts < attemptsPerBatch) throw error;
            console.error(`stream poller: ${records.length} records given up after ${attempts} attempts (dead letters)`, error);
          }
          failedAttempts.delete(shardId);
          lastSequence.set(shardId, records.at(-1)!.dynamodb!.SequenceNumber!);
        }
        shards.set(shardId, answer.NextShardIterator ?? 'done');
        if (records.length === 0 || !answer.NextShardIterator || stopped) break;
        iterator = answer.NextShardIterator;
      }
    }
  }

  let polling = false;
  const timer = setInterval(() => {
    // A poll still reading a long stream is not queued behind: the next tick after it reads on.
    if (stopped || polling) return;
    polling = true;
    running = pollOnce()
      .catch((error: unknown) => console.error('stream poller failed', error))
      .finally(() => {
        polling = false;
      });
  }, options.everyMs);
  timer.unref();
  return {
    /** Reads every shard to its present end now, as each tick does; a batch `deliver` refused rejects it (to be read again). */
    readNow: pollOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      tables.destroy();
      streams.destroy();
    },
  };
}
