/** Claims' repo: a claim on an order with its thread, the order's one open claim, and the operators' queue. */
import type { Page, PageRequest } from '../shared/cursor';
import { dayIndexKeys } from '../shared/days';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { countPartition, db, queryOne, queryPage, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import type { UpdatePart } from '../shared/update-parts';
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

/** A new claim, conditioned on its id being new. */
export function claimPutItem(claim: Claim): TransactionItem {
  return {
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
  };
}

/**
 * The order's mark of a new claim (`claimId` for the order page, `openClaimId` while open), on the
 * condition that it has no open claim, so that parallel claims make one: added to the order's
 * own write, whatever else a rule changes in it.
 */
export const claimMarkPart = (claim: Claim): UpdatePart => ({
  set: ['claimId = :claim', ...(claim.status === 'open' ? ['openClaimId = :claim'] : [])],
  condition: 'attribute_not_exists(openClaimId)',
  values: { ':claim': claim.claimId },
});

/** The order's write that carries a claim's mark (and a rule's change), when no move of the order does. */
export const orderClaimItem = (claim: Pick<Claim, 'userId' | 'orderId'>, now: string): TransactionItem => ({
  Update: {
    TableName: tableName,
    Key: keys.order(claim.userId, claim.orderId),
    UpdateExpression: 'SET updatedAt = :claimedAt',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':claimedAt': now },
  },
});

/** An open claim's mark taken off its order as it closes, on the condition it is that claim's. */
export const claimClosedPart = (claim: Pick<Claim, 'claimId'>): UpdatePart => ({
  remove: ['openClaimId'],
  condition: 'openClaimId = :closingClaim',
  values: { ':closingClaim': claim.claimId },
});

/**
 * A correction of the order's player ID, conditioned on the player ID and the delivery being as
 * read and nothing sent; `once`: on none before (a claim's rule; an operator may correct again).
 * A `manual` delivery goes back to `queued`, to be delivered again. The corrected player ID's
 * in-game name is the nickname check's, never the old one's.
 */
export function playerIdCorrectionPart(
  order: Pick<PlanOrder, 'delivery'>,
  correction: NonNullable<PlanOrder['playerIdCorrection']>,
  player: { playerName: string; playerRegion: string } | undefined,
  once: boolean,
): UpdatePart {
  const requeue = order.delivery?.state === 'manual';
  return {
    set: [
      'accountId = :correctedTo',
      'playerIdCorrection = :correction',
      ...(player ? ['playerName = :correctedName', 'playerRegion = :correctedRegion'] : []),
      ...(requeue ? ['delivery.#state = :requeued'] : []),
    ],
    remove: player ? [] : ['playerName', 'playerRegion'],
    condition: [
      'accountId = :correctedFrom',
      '#status = :pending',
      ...(once ? ['attribute_not_exists(playerIdCorrection)'] : []),
      `(attribute_not_exists(delivery) OR delivery.#state IN (${correctableDeliveryStates.map((_, i) => `:correctable${i}`).join(', ')}))`,
    ].join(' AND '),
    names: { '#status': 'status', '#state': 'state' },
    values: {
      ':correctedTo': correction.to,
      ':correctedFrom': correction.from,
      ':correction': correction,
      ':pending': 'pending',
      ...(player ? { ':correctedName': player.playerName, ':correctedRegion': player.playerRegion } : {}),
      ...(requeue ? { ':requeued': 'queued' } : {}),
      ...Object.fromEntries(correctableDeliveryStates.map((state, i) => [`:correctable${i}`, state])),
    },
  };
}

/**
 * A stock code replaced by another, conditioned on the order still holding the code read, as
 * delivered; `once`: on no replacement before (a claim's rule; an operator may replace again).
 */
export function codeReplacementPart(
  order: Pick<PlanOrder, 'delivery'>,
  code: string,
  replacement: NonNullable<PlanOrder['codeReplacement']>,
  once: boolean,
): UpdatePart {
  return {
    set: ['delivery.code = :newCode', 'codeReplacement = :replacement'],
    condition: ['delivery.code = :oldCode', '#status = :completed', ...(once ? ['attribute_not_exists(codeReplacement)'] : [])].join(
      ' AND ',
    ),
    names: { '#status': 'status' },
    values: { ':newCode': code, ':replacement': replacement, ':oldCode': order.delivery?.code, ':completed': 'completed' },
  };
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

/** Closes an open claim, once, with an optional last message (the claim's own write; its order's is `claimClosedPart`). */
export function closeClaimItem(claim: Claim, now: string, message?: ClaimMessage): TransactionItem {
  return {
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
  };
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

/** How many "code invalid" claims an account raised since `since`: a Query count of its claims. */
export const countCodeClaims = (userId: string, since: string) =>
  countPartition(
    { key: 'pk', value: `USER#${userId}`, sortPrefix: 'CLAIM#' },
    {
      expression: '#reason = :codeInvalid AND createdAt >= :since',
      names: { '#reason': 'reason' },
      values: { ':codeInvalid': 'code_invalid', ':since': since },
    },
  );
