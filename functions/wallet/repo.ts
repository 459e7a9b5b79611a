import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../shared/cursor';
import { dayIndexKeys } from '../shared/days';
import { countPartition, db, newestItems, queryOne, queryPage, tableName } from '../shared/db';
import { type ItemKeys, fromItem, toItem } from '../shared/items';
import { type GatewayReceipt, payerIndexKeys } from '../shared/receipt';
import type { TransactionItem } from '../shared/transactions';
import type { BalanceChange, LedgerReason, Wallet } from './money';

/** Pending until its payment settles; completed once credited; cancelled when refused, failed or expired. */
export type WalletRequestStatus = 'pending' | 'completed' | 'cancelled';

/** A wallet top-up through the gateway: pending until its invoice settles, then credited once. */
export interface WalletRequest {
  requestId: string;
  userId: string;
  txnId: string;
  amount: number;
  status: WalletRequestStatus;
  /** The client's optional note (spec: requestData). */
  note?: string;
  /** The payment gateway its checkout was opened at (absent on requests from before gateways were named). */
  gateway?: string;
  /** The gateway's invoice, from the first return, webhook or operator that names it (the checkout does not). */
  invoiceId?: string;
  paymentUrl?: string;
  /** Why a request was cancelled: expiry, its payer, or a failed payment. Kept when money paid later completes it. */
  cancelReason?: string;
  /** What the gateway told us of the payment that completed it. */
  receipt?: GatewayReceipt;
  settledAt?: string;
  createdAt: string;
}

/** One line of a user's ledger; the deltas of all lines sum to the balance. */
export interface LedgerEntry {
  userId: string;
  seq: number;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  reference: string;
  createdAt: string;
  /** A purchase's promo code discount (whole taka) and the code; absent without one. */
  discount?: number;
  coupanCode?: string;
}

/**
 * The wallet and its ledger have a partition of their own, out of the account's `USER#<id>`,
 * which the public sign-in functions may write: IAM keeps them out of it (functions/routes.ts,
 * `partitionScopes`). The wallet item is made by the first balance change.
 */
const walletPartition = (userId: string) => `WALLET#${userId}`;

const keys = {
  wallet: (userId: string) => ({ pk: walletPartition(userId), sk: '#WALLET' }),
  ledgerEntry: (userId: string, seq: number) => ({ pk: walletPartition(userId), sk: `LEDGER#${String(seq).padStart(10, '0')}` }),
  request: (userId: string, requestId: string) => ({ pk: `USER#${userId}`, sk: `WREQ#${requestId}` }),
  txnClaim: (userId: string, txnId: string) => ({ pk: `USER#${userId}`, sk: `TXN#${txnId}` }),
  byStatus: (status: WalletRequestStatus) => `WREQS#${status}`,
  statusListing: (request: WalletRequest) => ({
    gsi1pk: `WREQS#${request.status}`,
    gsi1sk: `${request.createdAt}#${request.userId}#${request.requestId}`,
  }),
  day: (requestId: string) => dayIndexKeys('TOPUP', requestId),
};

/** A top-up request's key, for batch reads. */
export const walletRequestKey = keys.request;

/** The claim on a user's txn_id, for batch reads: it names the request that took it. */
export const txnClaimKey = keys.txnClaim;

/** Reads a request item. */
export const walletRequestFromItem = (item: Record<string, unknown>) => fromItem<WalletRequest>(item);

/**
 * The items that record a new top-up request: the request (a pending one with the pending-payment
 * index keys its service gives) and the claim on its txn_id, both conditioned on not existing, so
 * one user's txn_id can never make two requests. Order: request, claim.
 */
export function newWalletRequestItems(request: WalletRequest, pendingIndex: Pick<ItemKeys, 'gsi2pk' | 'gsi2sk'> = {}): TransactionItem[] {
  const pending = request.status === 'pending' ? pendingIndex : {};
  return [
    {
      Put: {
        TableName: tableName,
        Item: toItem(
          'WalletRequest',
          {
            ...keys.request(request.userId, request.requestId),
            ...keys.statusListing(request),
            ...keys.day(request.requestId),
            ...pending,
          },
          request,
          request.createdAt,
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: toItem('TxnClaim', keys.txnClaim(request.userId, request.txnId), { requestId: request.requestId }, request.createdAt),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Fields a request takes when it settles or is cancelled. */
export type RequestOutcome =
  | { status: 'completed'; invoiceId: string; receipt: GatewayReceipt }
  | { status: 'cancelled'; cancelReason: string; invoiceId?: string };

/**
 * Moves a request out of `from` (what was read) to its outcome, into the listing of its new
 * status and out of the pending index; the condition makes a second settle of the same request
 * fail instead of crediting twice.
 */
export function closeWalletRequestItem(request: WalletRequest, outcome: RequestOutcome, now: string): TransactionItem {
  // A credited top-up leaves the pending-payment index for its payer's (the payer search); any other for none.
  const payer = outcome.status === 'completed' && outcome.receipt ? payerIndexKeys(outcome.receipt, now, request.requestId) : {};
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries({ ...outcome, settledAt: now, updatedAt: now, gsi1pk: keys.byStatus(outcome.status), ...payer }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const names = Object.keys(fields);
  return {
    Update: {
      TableName: tableName,
      Key: keys.request(request.userId, request.requestId),
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}${payer.gsi2pk ? '' : ' REMOVE gsi2pk, gsi2sk'}`,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: Object.fromEntries([...names, 'status'].map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])), ':from': request.status },
    },
  };
}

/** A top-up request by its id alone: Query gsi3 `DAY#<day of the id>`, sk = TOPUP#id. */
export async function findWalletRequest(requestId: string): Promise<WalletRequest | undefined> {
  const { gsi3pk, gsi3sk } = keys.day(requestId);
  const item = await queryOne({ index: 'gsi3', key: 'gsi3pk', value: gsi3pk, sortKey: 'gsi3sk', sortValue: gsi3sk });
  return item && walletRequestFromItem(item);
}

/** Every user's top-up requests of one status, newest first, a page at a time: Query gsi1 WREQS#<status>. */
export async function listWalletRequestsByStatus(status: WalletRequestStatus, request: PageRequest): Promise<Page<WalletRequest>> {
  const page = await queryPage({ index: 'gsi1', key: 'gsi1pk', value: keys.byStatus(status) }, { ascending: false, ...request });
  return { ...page, items: page.items.map(walletRequestFromItem) };
}

/** How many top-ups wait for their payment: Query gsi1 WREQS#pending, count only. */
export const countPendingTopUps = () => countPartition({ index: 'gsi1', key: 'gsi1pk', value: keys.byStatus('pending') });

/** A user's top-up requests, newest first (up to 100): Query USER#id, begins_with WREQ#, descending. */
export async function listWalletRequests(userId: string): Promise<WalletRequest[]> {
  return (await newestItems(`USER#${userId}`, 'WREQ#')).map(walletRequestFromItem);
}

/** The wallet's key, for batch reads. */
export const walletKey = keys.wallet;

/** Reads a wallet item into a `Wallet`; a missing one (no balance change yet) is empty, at version 0. */
export function walletFromItem(item: Record<string, unknown> | undefined): Wallet {
  return { balance: Number(item?.balance ?? 0), version: Number(item?.version ?? 0) };
}

/** A user's wallet, read strongly consistent: GetItem WALLET#id / #WALLET. */
export async function getWallet(userId: string): Promise<Wallet> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: keys.wallet(userId), ConsistentRead: true }));
  return walletFromItem(Item);
}

/**
 * The two items that move a balance: the wallet update, conditioned on the version that was read
 * (so a concurrent change cancels the transaction instead of being overwritten; version 0, the
 * first change, on the wallet not existing yet), and the ledger entry numbered by the new version.
 */
export function balanceChangeItems(userId: string, change: BalanceChange, now: string): TransactionItem[] {
  const first = change.before.version === 0;
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.wallet(userId),
        UpdateExpression: `SET balance = :balance, version = :next, updatedAt = :now${first ? ', userId = :userId, entity = :entity, createdAt = :now' : ''}`,
        ConditionExpression: first ? 'attribute_not_exists(pk)' : 'version = :version AND balance = :before',
        ExpressionAttributeValues: {
          ':balance': change.after.balance,
          ':next': change.after.version,
          ':now': now,
          ...(first ? { ':userId': userId, ':entity': 'Wallet' } : { ':version': change.before.version, ':before': change.before.balance }),
        },
      },
    },
    {
      Put: {
        TableName: tableName,
        Item: toItem(
          'LedgerEntry',
          keys.ledgerEntry(userId, change.after.version),
          {
            userId,
            seq: change.after.version,
            delta: change.delta,
            balanceAfter: change.after.balance,
            reason: change.reason,
            reference: change.reference,
            ...(change.discount ? { discount: change.discount.amount, coupanCode: change.discount.code } : {}),
          },
          now,
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** A user's newest ledger entries, newest first: Query WALLET#id, begins_with LEDGER#, descending. */
export async function listRecentLedger(userId: string, limit = 100): Promise<LedgerEntry[]> {
  return (await newestItems(walletPartition(userId), 'LEDGER#', limit)).map((item) => fromItem<LedgerEntry>(item));
}

/** A page of a user's ledger, newest first: Query WALLET#id, begins_with LEDGER#, descending, from a cursor. */
export async function ledgerPage(userId: string, request: PageRequest): Promise<Page<LedgerEntry>> {
  const page = await queryPage({ key: 'pk', value: walletPartition(userId), sortPrefix: 'LEDGER#' }, { ascending: false, ...request });
  return { ...page, items: page.items.map((item) => fromItem<LedgerEntry>(item)) };
}

/** A user's whole ledger, oldest first: Query WALLET#id, sk begins_with LEDGER#. */
export async function listLedger(userId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': walletPartition(userId), ':prefix': 'LEDGER#' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    entries.push(...(page.Items ?? []).map((item) => fromItem<LedgerEntry>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}
