import { randomInt } from 'node:crypto';
import { auditEntry, auditItem } from '../audit/repo';
import { publicPromoItem } from '../content/repo';
import { Conflict, Invalid } from '../shared/errors';
import { batchGet } from '../shared/db';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import {
  type UseStatus,
  newPromoItems,
  personItemsOffset,
  personKeysOf,
  personUses,
  promoFromItems,
  promoPersonKeys,
  promoKey,
  promoReadKeys,
  takeUseItems,
} from './repo';
import {
  type HeldUse,
  type PricedLine,
  type PromoCode,
  type Quote,
  normalizePromoCode,
  promoRefusal,
  promoRefusals,
  quoteOf,
  promoShardCount,
  shardWithRoom,
} from './rules';

/** Who is buying, for the per-person counts (a quote asked without an account names no one). */
export interface Buyer {
  userId?: string;
  /** The player ID a top-up goes to; each counts as a person of its own. */
  playerId?: string;
}

/**
 * A code asked for, before anything is read: its normal form and the keys the caller's own read
 * (one BatchGetItem with the plan, the wallet…) must include. An order reads the code and the
 * buyer's counts only (`shards: 'none'`) and takes its use on a shard picked at random, so that a
 * rush reads no shared item; a quote reads every shard too (`'all'`), to say "used up" before the
 * order. An empty field asks for none; a malformed one is refused at once.
 */
export function promoRequest(typed: string | undefined, buyer: Buyer, shards: 'none' | 'all' = 'none') {
  if (!typed?.trim()) return undefined;
  const code = normalizePromoCode(typed);
  if (!code) throw new Invalid(promoRefusals.malformed);
  const persons = buyer.userId ? personKeysOf({ userId: buyer.userId, playerId: buyer.playerId }) : [];
  const codeKeys = shards === 'all' ? promoReadKeys(code) : [promoKey(code)];
  return { code, persons, codeKeys: codeKeys.length, keys: [...codeKeys, ...promoPersonKeys(code, persons)] };
}
export type PromoRequest = NonNullable<ReturnType<typeof promoRequest>>;

/** The code's use this order will take, to be written in the order's own transaction (`promoUseItems`). */
export interface PromoUse {
  code: PromoCode;
  shard: number;
  persons: string[];
}

/**
 * Prices a line with the code asked for, from the items the checkout read for `request.keys` (in
 * that order): the quote, and the use to take. A code that cannot apply is refused with its reason
 * (400); one whose uses are gone, or the buyer's own, too.
 */
export function pricePromo(
  request: PromoRequest | undefined,
  items: (Record<string, unknown> | undefined)[],
  line: PricedLine,
  now: number,
): { quote: Quote; use?: PromoUse } {
  if (!request) return { quote: quoteOf(line, undefined) };
  const read = promoFromItems(items.slice(0, request.codeKeys));
  if (!read) throw new Invalid(promoRefusals.unknown);
  const refusal = promoRefusal(read.code, line, now);
  if (refusal) throw new Invalid(refusal);
  if (personUses(items.slice(request.codeKeys)) >= read.code.perPerson) throw new Invalid(promoRefusals.ownLimit);
  // With the shards read (a quote), one with room; without (an order), one at random: a full one sends the order to `retakeOnAnotherShard`.
  const shard = request.codeKeys > 1 ? shardWithRoom(read.shards, randomInt) : randomInt(promoShardCount(read.code.maxUses));
  if (shard === undefined) throw new Invalid(promoRefusals.usedUp);
  return { quote: quoteOf(line, read.code), use: { code: read.code, shard, persons: request.persons } };
}

/** The writes of an order's use of a code (none without one): `paid` for a wallet order, `held` for a gateway checkout. */
export function promoUseItems(
  use: PromoUse | undefined,
  order: { orderId: string; userId: string; discount: number; total: number; at: string; status: UseStatus },
) {
  return use ? takeUseItems(use.code, use.shard, use.persons, order) : [];
}

/** What an order keeps of the use it took or its checkout holds (none without a code): enough to give it back. */
export const heldUseOf = (use: PromoUse | undefined, quote: Quote): HeldUse | undefined =>
  use && {
    code: use.code.code,
    shard: use.shard,
    persons: use.persons,
    discount: quote.discount,
    total: quote.total,
    returnsOnRefund: use.code.refundReturnsUse,
  };

/**
 * The use to take again after a transaction found its shard refused: another shard with room,
 * read again (one BatchGetItem of the code and all its shards), or why the code no longer applies
 * (paused meanwhile, used up).
 */
export async function retakeOnAnotherShard(use: PromoUse): Promise<PromoUse> {
  const read = promoFromItems(await batchGet(promoReadKeys(use.code.code)));
  if (read && !read.code.active) throw new Invalid(promoRefusals.paused);
  const shard = read ? shardWithRoom(read.shards, randomInt) : undefined;
  if (shard === undefined) throw new Invalid(promoRefusals.usedUp);
  return { ...use, shard };
}

/** Whether a cancelled transaction that held `promoUseItems` at `offset` failed on the use's shard (full or paused: read again). */
export const shardWasFull = (error: TransactionCancelled, use: PromoUse | undefined, offset: number) =>
  use !== undefined && error.failedAt(offset);

/**
 * Why a cancelled transaction that held `promoUseItems` at `offset` failed, as the shopper's
 * refusal: a buyer's own count full (`ownLimit`, final). A refused shard (full, or the code paused
 * meanwhile) is for the caller to read again: another shard may have room, or the read says why not.
 */
export function promoUseRefusal(error: TransactionCancelled, use: PromoUse | undefined, offset: number): Invalid | undefined {
  if (!use) return undefined;
  if (use.persons.some((_, index) => error.failedAt(offset + personItemsOffset + index))) return new Invalid(promoRefusals.ownLimit);
  return undefined;
}

/** A new code from the console, audited with it; a code of that name already there is refused. */
export async function createPromoCode(actorId: string, code: PromoCode): Promise<PromoCode> {
  const audit = auditItem(auditEntry(actorId, 'promo-code-create', code.code, `${code.kind} ${code.value}`));
  const listed = code.public
    ? [publicPromoItem({ code: code.code, description: code.description, endsAt: code.endsAt }, code.createdAt)]
    : [];
  const items: TransactionItem[] = [...newPromoItems(code, code.createdAt), audit, ...listed];
  try {
    await transact(items);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('A promo code with this name already exists');
    throw error;
  }
  return code;
}
