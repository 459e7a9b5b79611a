import { randomUUID } from 'node:crypto';
import { BatchWriteItemCommand, CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outboxConsumer, streamFeedPattern } from '../../../functions/routes/jobs';
import { pollTableStream } from '../../../scripts/local/stream-poller';

/**
 * The local stack's stand-in for Lambda's event source mapping, on DynamoDB Local's own stream:
 * a consumer must see a busy stream's records as the cloud hands them, all of them and soon.
 */
const endpoint = inject('stack').dynamoDbEndpoint;
const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const tableName = `poller-${randomUUID()}`;

beforeAll(async () => {
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    }),
  );
});
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
});

/** Writes `count` new items named `<prefix>-<n>`, n from 0, in order, each of `entity` (`Thing` unless told). */
async function writeItems(prefix: string, count: number, entity = 'Thing') {
  for (let first = 0; first < count; first += 25) {
    const keys = Array.from({ length: Math.min(25, count - first) }, (_, i) => `${prefix}-${String(first + i).padStart(4, '0')}`);
    await client.send(
      new BatchWriteItemCommand({
        RequestItems: { [tableName]: keys.map((pk) => ({ PutRequest: { Item: { pk: { S: pk }, entity: { S: entity } } } })) },
      }),
    );
  }
}

const keysOf = (records: _Record[]) => records.map((record) => record.dynamodb!.Keys!.pk!.S!);

describe('the local stream poller', () => {
  // Never ticks during a test: each read is the test's own.
  const neverTicks = 3_600_000;

  it('hands over every record already in the stream in one read, in batches of at most 100, in order', async () => {
    const batches: _Record[][] = [];
    const poller = pollTableStream({ endpoint, tableName, everyMs: neverTicks, deliver: async (records) => void batches.push(records) });
    try {
      await writeItems('burst', 350);
      await poller.readNow();
      expect(batches.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(100);
      const seen = keysOf(batches.flat()).filter((key) => key.startsWith('burst-'));
      expect(seen).toEqual(Array.from({ length: 350 }, (_, n) => `burst-${String(n).padStart(4, '0')}`));
    } finally {
      await poller.stop();
    }
  });

  it('hands over only the new items its consumer’s filter takes, as the cloud’s mapping filters them, and reads on past the rest', async () => {
    const delivered: _Record[] = [];
    const poller = pollTableStream({
      endpoint,
      tableName,
      everyMs: neverTicks,
      patterns: [streamFeedPattern(outboxConsumer.newImage)],
      deliver: async (records) => void delivered.push(...records),
    });
    try {
      await writeItems('other', 5);
      await writeItems('note', 2, 'Notification');
      await writeItems('alert', 1, 'Alert');
      await writeItems('other', 5, 'Notification'); // overwritten: MODIFY, not a new item
      await poller.readNow();
      expect(keysOf(delivered)).toEqual(['note-0000', 'note-0001', 'alert-0000']);
      expect(delivered.every((record) => record.eventName === 'INSERT')).toBe(true);
      await writeItems('later', 1, 'Alert');
      await poller.readNow();
      expect(keysOf(delivered).at(-1)).toBe('later-0000');
      expect(delivered).toHaveLength(4);
    } finally {
      await poller.stop();
    }
  });

  it('hands a refused batch over again on the next read, and gives it up after its fourth attempt, as the cloud dead-letters it', async () => {
    const delivered: string[] = [];
    let refusals = 0;
    const poller = pollTableStream({
      endpoint,
      tableName,
      everyMs: neverTicks,
      deliver: async (records) => {
        const keys = keysOf(records);
        if (keys.some((key) => key.startsWith('refused-'))) {
          refusals += 1;
          throw new Error('consumer failed');
        }
        delivered.push(...keys);
      },
    });
    try {
      await poller.readNow(); // past what the table already streamed
      await writeItems('refused', 3);
      for (let attempt = 1; attempt <= 3; attempt += 1) await expect(poller.readNow()).rejects.toThrow('consumer failed');
      await poller.readNow(); // the fourth attempt fails too: given up (logged as dead letters), the read moves past it
      await writeItems('after', 2);
      await poller.readNow();
      expect(refusals).toBe(4);
      expect(delivered.filter((key) => /^(refused|after)-/.test(key))).toEqual(['after-0000', 'after-0001']);
    } finally {
      await poller.stop();
    }
  });
});
