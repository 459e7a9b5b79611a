import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db';

/** The item that carries a message to its channels: the notification itself, or an operator alert. */
export interface OutboxKey {
  pk: string;
  sk: string;
}

const sentAt = (name: string) => `${name}SentAt`;

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Claims one send of an outbox item, once: a conditional write of `<name>SentAt` on the item
 * itself (a channel, or a channel and device). A replayed stream record or a second consumer finds
 * it claimed and sends nothing; a send that fails gives the claim back, so the stream's retry
 * sends it once.
 */
export async function claim(key: OutboxKey, name: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: 'SET #sentAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#sentAt)',
        ExpressionAttributeNames: { '#sentAt': sentAt(name) },
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives a claim back after its send failed. */
export async function release(key: OutboxKey, name: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: key.pk, sk: key.sk },
      UpdateExpression: 'REMOVE #sentAt',
      ExpressionAttributeNames: { '#sentAt': sentAt(name) },
    }),
  );
}

/** Runs `send` under the claim `name`: at most once, and again only after it failed. */
export async function sendOnce(key: OutboxKey, name: string, send: () => Promise<void>): Promise<boolean> {
  if (!(await claim(key, name))) return false;
  try {
    await send();
  } catch (error) {
    await release(key, name);
    throw error;
  }
  return true;
}

/**
 * Records on an outbox item that a channel deliberately did not send it (`<name>Skipped`: the
 * operators turned its kind off, or gave no chat), unless it was sent already.
 */
export async function markSkipped(key: OutboxKey, name: string, reason: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: 'SET #skipped = :reason',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#sentAt)',
        ExpressionAttributeNames: { '#skipped': `${name}Skipped`, '#sentAt': sentAt(name) },
        ExpressionAttributeValues: { ':reason': reason },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
