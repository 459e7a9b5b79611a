/** Claims' repo: a claim on an order with its thread, the order's one open claim, and the operators' queue. */
import type { Page, PageRequest } from '../shared/cursor';
import { dayIndexKeys } from '../shared/days';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryOne, queryPage, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import { type Claim, type ClaimMessage, correctableDeliveryStates, maxThreadMessages } from './claim-rules';
import { keys } from './keys';
import type { PlanOrder } from './types';

/**
 * A claim lives in its shopper's partition beside the order (`CLAIM#<orderId>#<claimId>`), in the
 * operators' queue by status (gsi1 `CLAIMS#open` / `CLAIMS#closed`, oldest first) and in the day
 * index by its id (gsi3), which is how the console finds it by id alone.
 */
const claimKeys = {
  claim: (claim: Pick<Claim, 'userId' | 'orderId' | 'claimId'>) => ({
    pk: `USER#${claim.userId}`,
    sk: `CLAIM#${claim.orderId}#${claim.claimId}`,
  }),
  queue: (status: Claim['status']) => `CLAIMS#${status}`,
};

export const claimFromItem = (item: Record<string, unknown>) => fromItem<Claim>(item);

/**
 * A new claim, and its order marked with it (`claimId` for the order page, `openClaimId` while
 * open): the mark is conditioned on the order having no open claim, so parallel claims make one.
 * With `correction`, the same write corrects the order's player ID, once, conditioned on the
 * player ID and the delivery being as read and nothing sent (the second item's failure: read again).
 */
export function newClaimItems(claim: Claim, correction?: NonNullable<PlanOrder['playerIdCorrection']>): TransactionItem[] {
  const sets = ['claimId = :claim', ...(claim.status === 'open' ? ['openClaimId = :claim'] : [])];
  const conditions = ['attribute_exists(pk)', 'attribute_not_exists(openClaimId)'];
  const values: Record<string, unknown> = { ':claim': claim.claimId };
  let names: Record<string, string> | undefined;
  if (correction) {
    sets.push('accountId = :to', 'playerIdCorrection = :correction');
    conditions.push(
      'accountId = :from',
      '#status = :pending',
      'attribute_not_exists(playerIdCorrection)',
      `(attribute_not_exists(delivery) OR delivery.#state IN (${correctableDeliveryStates.map((_, i) => `:d${i}`).join(', ')}))`,
    );
    Object.assign(values, { ':to': correction.to, ':from': correction.from, ':correction': correction, ':pending': 'pending' });
    for (const [i, state] of correctableDeliveryStates.entries()) values[`:d${i}`] = state;
    names = { '#status': 'status', '#state': 'state' };
  }
  return [
    {
      Put: {
        TableName: tableName,
        Item: toItem(
          'Claim',
          {
            ...claimKeys.claim(claim),
            gsi1pk: claimKeys.queue(claim.status),
            gsi1sk: `${claim.createdAt}#${claim.userId}#${claim.claimId}`,
            ...dayIndexKeys('CLAIM', claim.claimId),
          },
          claim,
          claim.createdAt,
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.order(claim.userId, claim.orderId),
        // A corrected player ID's in-game name was the old one's: the order page shows none rather than a wrong one.
        UpdateExpression: `SET ${sets.join(', ')}${correction ? ' REMOVE playerName, playerRegion' : ''}`,
        ConditionExpression: conditions.join(' AND '),
        ...(names ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      },
    },
  ];
}

/** Adds a message to an open claim's thread (appended in the table, so parallel replies all stay), while it has room. */
export function claimMessageItem(claim: Claim, message: ClaimMessage): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: claimKeys.claim(claim),
      UpdateExpression: 'SET thread = list_append(thread, :message), updatedAt = :now',
      ConditionExpression: '#status = :open AND size(thread) < :max',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':message': [message], ':now': message.at, ':open': 'open', ':max': maxThreadMessages },
    },
  };
}

/** Closes an open claim, once, with an optional last message, and frees its order for another claim. */
export function closeClaimItems(claim: Claim, now: string, message?: ClaimMessage): TransactionItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: claimKeys.claim(claim),
        UpdateExpression: `SET #status = :closed, gsi1pk = :queue, closedAt = :now, updatedAt = :now${message ? ', thread = list_append(thread, :message)' : ''}`,
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':closed': 'closed',
          ':queue': claimKeys.queue('closed'),
          ':now': now,
          ':open': 'open',
          ...(message ? { ':message': [message] } : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.order(claim.userId, claim.orderId),
        UpdateExpression: 'REMOVE openClaimId',
        ConditionExpression: 'openClaimId = :claim',
        ExpressionAttributeValues: { ':claim': claim.claimId },
      },
    },
  ];
}

/** An order's latest claim, by the id its order carries: GetItem. */
export async function getClaim(userId: string, orderId: string, claimId: string): Promise<Claim | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: claimKeys.claim({ userId, orderId, claimId }), ConsistentRead: true }),
  );
  return Item && claimFromItem(Item);
}

/** A claim by its id alone: Query gsi3 `DAY#<day of the id>`, sk = CLAIM#id. */
export async function findClaim(claimId: string): Promise<Claim | undefined> {
  const { gsi3pk, gsi3sk } = dayIndexKeys('CLAIM', claimId);
  const item = await queryOne({ index: 'gsi3', key: 'gsi3pk', value: gsi3pk, sortKey: 'gsi3sk', sortValue: gsi3sk });
  return item && claimFromItem(item);
}

/** The claims of one status, a page at a time: Query gsi1 CLAIMS#<status>, oldest first (the queue) or newest first. */
export async function listClaims(status: Claim['status'], oldestFirst: boolean, request: PageRequest): Promise<Page<Claim>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: claimKeys.queue(status) }, { ascending: oldestFirst, ...request });
  return { ...page, items: page.items.map(claimFromItem) };
}
