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

/** Whether a stream record matches an event source mapping's filter pattern (arrays: the values allowed; objects: nested). */
export function matchesPattern(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.includes(value);
  if (pattern && typeof pattern === 'object')
    return Object.entries(pattern).every(([key, inner]) => matchesPattern(inner, (value as Record<string, unknown> | undefined)?.[key]));
  return pattern === value;
}

/**
 * Reads the table's stream on DynamoDB Local as Lambda's event source mapping reads it in the
 * cloud: every shard from its start, in order, handing each batch of the records its filter
 * `patterns` match (any one; every record without patterns) to `deliver` (the consumer function)
 * and moving on when it succeeded, or after its last attempt (logged as dead letters, as the
 * cloud's queue would hold them). A batch none of whose records match invokes nothing.
 */
export function pollTableStream(options: {
  endpoint: string;
  tableName: string;
  everyMs: number;
  patterns?: readonly unknown[];
  deliver: (records: _Record[]) => Promise<void>;
}): { readNow: () => Promise<void>; stop: () => Promise<void> } {
  const clientOptions = {
    endpoint: options.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const tables = new DynamoDBClient(clientOptions);
  const streams = new DynamoDBStreamsClient(clientOptions);
  /** Where each shard's reading stands: not started, its next iterator, or done once the shard closed and was read to its end. */
  const shards = new Map<string, string | 'new' | 'done'>();
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

  /**
   * The stream and its shards are described again only when reading needs it: a shard closed (its
   * children come with the next description), none open is known, or half a minute has passed. An idle
   * poll is then one GetRecords call, not three.
   */
  let streamArn: string | undefined;
  let describedAt = 0;
  let shardClosed = false;
  const describeEveryMs = 30_000;

  async function describeShards(): Promise<boolean> {
    streamArn ??= (await tables.send(new DescribeTableCommand({ TableName: options.tableName }))).Table?.LatestStreamArn;
    if (!streamArn) return false;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) if (!shards.has(shard.ShardId!)) shards.set(shard.ShardId!, 'new');
    describedAt = Date.now();
    shardClosed = false;
    return true;
  }

  async function pollOnce() {
    const reading = [...shards.values()].some((position) => position !== 'done');
    if ((shardClosed || !reading || Date.now() - describedAt > describeEveryMs) && !(await describeShards())) return;
    for (const [shardId, position] of shards) {
      if (position === 'done') continue;
      let iterator = position === 'new' ? await iteratorFrom(streamArn!, shardId) : position;
      if (!iterator) {
        shards.set(shardId, 'done');
        continue;
      }
      // Read the shard to its present end on every poll, as the cloud's pollers keep up with a busy
      // stream: one batch a poll would fall behind when more records come in a poll's time than a batch holds.
      for (;;) {
        let answer: GetRecordsCommandOutput;
        try {
          answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
        } catch (error) {
          if (!(error instanceof ExpiredIteratorException)) throw error;
          shards.set(shardId, (await iteratorFrom(streamArn!, shardId, lastSequence.get(shardId))) ?? 'done');
          break;
        }
        const records = answer.Records ?? [];
        const fed = records.filter(
          (record) => !options.patterns?.length || options.patterns.some((pattern) => matchesPattern(pattern, record)),
        );
        if (fed.length > 0) {
          try {
            await options.deliver(fed);
          } catch (error) {
            const attempts = (failedAttempts.get(shardId) ?? 0) + 1;
            failedAttempts.set(shardId, attempts);
            if (attempts < attemptsPerBatch) throw error;
            console.error(`stream poller: ${records.length} records given up after ${attempts} attempts (dead letters)`, error);
          }
          failedAttempts.delete(shardId);
        }
        if (records.length > 0) lastSequence.set(shardId, records.at(-1)!.dynamodb!.SequenceNumber!);
        shards.set(shardId, answer.NextShardIterator ?? 'done');
        if (!answer.NextShardIterator) shardClosed = true;
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
