import { randomInt } from 'node:crypto';
import { planFromItem, planKey, recordedCost } from '../catalog/repo';
import { auditEntry, auditItem } from '../audit/repo';
import { publicPromoItem, unlistPromoItem } from '../content/repo';
import { Conflict, Invalid, NotFound } from '../shared/errors';
import { batchGet } from '../shared/db';
import { randomId } from '../shared/ids';
import { TransactionCancelled, type TransactionItem, transact } from '../shared/transactions';
import { type User, verifiedMobileOf } from '../users/repo';
import {
  type PromoTerms,
  type UseStatus,
  editPromoItem,
  editableTerms,
  firstOrderMarkItems,
  newPromoItems,
  notOrderedCheckItems,
  orderedKeys,
  orderedMarkItems,
  personItemsOffset,
  personKeysOf,
  personUses,
  promoFromItems,
  promoPersonKeys,
  promoKey,
  promoReadKeys,
  counterActiveItems,
  getPromoCode,
  listSales,
  newSaleItems,
  saleReadKeys,
  shardsFromItems,
  takeUseItems,
} from './repo';
import {
  type Sale,
  type ScheduledSale,
  nextPriceChange,
  overlapsAny,
  saleAt,
  saleCounter,
  saleCounterName,
  saleRefusals,
  salesNotEnded,
  scheduleOf,
  unitsLeft,
} from './sale-rules';
import {
  type HeldUse,
  type PricedLine,
  type PromoCode,
  type Quote,
  type UseCounter,
  batchCodeNames,
  discountOf,
  firstOrderRefusal,
  maxShards,
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
  /** The account's mobile number, when its owner proved it: a person of its own too. */
  verifiedMobile?: string;
}

/** The buyer a signed-in shopper is, for a top-up to `playerId` or a purchase of codes. */
export const buyerOf = (user: Pick<User, 'id' | 'mobileNo' | 'mobileVerified'>, playerId?: string): Buyer => ({
  userId: user.id,
  playerId,
  verifiedMobile: verifiedMobileOf(user),
});

/**
 * Who a signed-in buyer is as a customer, read in the order's own BatchGetItem (`keys`): their
 * persons (account, player ID, verified number) and whether each has bought before.
 */
export function customerRequest(buyer: Buyer & { userId: string }) {
  const persons = personKeysOf(buyer);
  return {
    keys: orderedKeys(persons),
    read: (items: (Record<string, unknown> | undefined)[]): Customer => ({
      persons,
      verifiedMobile: buyer.verifiedMobile,
      marked: persons.map((_, index) => items[index] !== undefined),
    }),
  };
}

/** Whether the buyer's account itself has a paid order already (its person is the first: `personKeysOf`). */
export const accountHasOrdered = (customer: Customer) => customer.marked[0] === true;

/** A buyer as a customer: their persons, and which have a paid order already. */
export interface Customer {
  persons: string[];
  verifiedMobile?: string;
  marked: boolean[];
}

/**
 * The customer marks an order writes in its own transaction: a paid order marks its persons not
 * marked yet (a repeat customer's order writes none); with a first-order code every person is
 * marked on the condition that none was (`paid`), or checked so at a checkout (`held`: marked
 * when it is paid, `orderedMarkItems`). `refusal` says why a cancelled transaction failed on them.
 */
export function customerMarks(customer: Customer, use: PromoUse | undefined, orderId: string, now: string, stage: 'paid' | 'held') {
  const first = use?.code.firstOrderOnly === true;
  const unmarked = customer.persons.filter((_, index) => !customer.marked[index]);
  const items = first
    ? stage === 'paid'
      ? firstOrderMarkItems(customer.persons, orderId, now)
      : notOrderedCheckItems(customer.persons)
    : stage === 'paid'
      ? orderedMarkItems(unmarked, orderId, now)
      : [];
  return {
    items,
    refusal: (error: TransactionCancelled, offset: number) =>
      first && items.some((_, index) => error.failedAt(offset + index)) ? new Invalid(promoRefusals.firstOrderOnly) : undefined,
  };
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
  const persons = buyer.userId ? personKeysOf({ ...buyer, userId: buyer.userId }) : [];
  const codeKeys = shards === 'all' ? promoReadKeys(code) : [promoKey(code)];
  return { code, persons, codeKeys: codeKeys.length, keys: [...codeKeys, ...promoPersonKeys(code, persons)] };
}
export type PromoRequest = NonNullable<ReturnType<typeof promoRequest>>;

/** The use of a code (or a sale's unit) this order will take, to be written in the order's own transaction (`promoUseItems`). */
export interface PromoUse {
  code: UseCounter;
  shard: number;
  persons: string[];
  /** The sale whose unit this is (none: a promo code's use). */
  sale?: ScheduledSale;
  /** A sale's units for this order (several codes of a voucher) and the limit of the shard it read: absent, one. */
  units?: { count: number; shardLimit?: number };
}

/** A sale's price for one buyer now: its unit to take, and the units left (none: no cap). */
export interface SalePrice {
  sale: ScheduledSale;
  use: PromoUse;
  left?: number;
}

/**
 * The sale that prices an item for this buyer at `now`, if any: a capped sale's shards and the
 * buyer's counts in one BatchGetItem (none to read without a cap), so that a buyer whose units, or
 * the sale's, are gone is priced at the list price before anything is written. A quote names no one.
 */
export async function saleForBuyer(
  sales: readonly ScheduledSale[] | undefined,
  buyer: Buyer,
  now: number,
  units = 1,
): Promise<SalePrice | undefined> {
  const sale = saleAt(sales, now);
  if (!sale || (sale.perPerson !== undefined && units > sale.perPerson)) return undefined;
  const persons = sale.perPerson !== undefined && buyer.userId ? personKeysOf({ ...buyer, userId: buyer.userId }) : [];
  const keys = saleReadKeys(sale, persons);
  const items = keys.length > 0 ? await batchGet(keys) : [];
  const shardItems = sale.quantity === undefined ? [] : items.slice(0, maxShards);
  if (sale.perPerson !== undefined && personUses(items.slice(shardItems.length)) + units > sale.perPerson) return undefined;
  const shards = shardsFromItems(shardItems);
  // Several units come from one shard with room for them all (its condition is the room it had).
  const roomy = shards.map((each) => ({ ...each, uses: each.uses + units - 1 }));
  const shard = sale.quantity === undefined ? randomInt(promoShardCount(undefined)) : shardWithRoom(roomy, randomInt);
  if (shard === undefined) return undefined;
  const sold = shards.reduce((sum, each) => sum + each.uses, 0);
  const shardLimit = shards.find((each) => each.shard === shard)?.limit;
  return { sale, use: { code: saleCounter(sale), shard, persons, sale, units: { count: units, shardLimit } }, left: unitsLeft(sale, sold) };
}

/** A line at a sale's price (× quantity), or at the list price without one. */
export const saleLine = <L extends Omit<PricedLine, 'total' | 'onSale' | 'listTotal'>>(
  line: L,
  unitPrice: number,
  qty: number,
  sale: SalePrice | undefined,
): PricedLine => ({
  ...line,
  total: (sale?.sale.price ?? unitPrice) * qty,
  onSale: sale !== undefined,
  ...(sale ? { listTotal: unitPrice * qty } : {}),
});

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
  sale?: SalePrice,
  customer?: Customer,
): { quote: Quote; use?: PromoUse } {
  if (!request) return { quote: quoteOf(line, undefined), use: sale?.use };
  const read = promoFromItems(items.slice(0, request.codeKeys));
  if (!read) throw new Invalid(promoRefusals.unknown);
  const refusal =
    promoRefusal(read.code, line, now) ??
    // A quote names no one: whether this is the buyer's first order is the order's to say.
    (customer
      ? firstOrderRefusal(read.code, { verifiedMobile: customer.verifiedMobile, boughtBefore: customer.marked.some(Boolean) })
      : undefined);
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
  return use ? takeUseItems(use.code, use.shard, use.persons, order, use.units) : [];
}

/** What an order keeps of the use it took or its checkout holds (none without a code): enough to give it back. */
export const heldUseOf = (use: PromoUse | undefined, quote: Quote): HeldUse | undefined =>
  use && {
    code: use.code.code,
    shard: use.shard,
    persons: use.persons,
    discount: quote.price - quote.total,
    total: quote.total,
    returnsOnRefund: use.code.refundReturnsUse,
    ...(use.units && use.units.count > 1 ? { units: use.units.count } : {}),
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

/**
 * Whether a cancelled transaction that held `promoUseItems` at `offset` failed on a code's shard
 * (full or paused: read again). A sale's unit refused (its shard or the buyer's count) is not: the
 * order is read and priced again, at the list price where the sale's units or the buyer's are gone.
 */
export const shardWasFull = (error: TransactionCancelled, use: PromoUse | undefined, offset: number) =>
  use !== undefined && !use.sale && error.failedAt(offset);

/** Whether a cancelled transaction that held a sale's unit at `offset` failed on it: its shard full, or the buyer's count. */
export const saleUnitRefused = (error: TransactionCancelled, use: PromoUse | undefined, offset: number) =>
  use?.sale !== undefined && [0, ...use.persons.map((_, index) => personItemsOffset + index)].some((at) => error.failedAt(offset + at));

/**
 * Why a cancelled transaction that held `promoUseItems` at `offset` failed, as the shopper's
 * refusal: a buyer's own count full (`ownLimit`, final). A refused shard (full, or the code paused
 * meanwhile) is for the caller to read again: another shard may have room, or the read says why not.
 */
export function promoUseRefusal(error: TransactionCancelled, use: PromoUse | undefined, offset: number): Invalid | undefined {
  if (!use || use.sale) return undefined;
  if (use.persons.some((_, index) => error.failedAt(offset + personItemsOffset + index))) return new Invalid(promoRefusals.ownLimit);
  return undefined;
}

/**
 * Why a new code needs the operator's acknowledgement: a plan it names that its largest discount
 * takes to or below the plan's recorded cost (one BatchGetItem). A code for games or for everything
 * is held to the same rule at each order, where the plan is known.
 */
async function belowCostRefusal(code: PromoCode): Promise<Invalid | undefined> {
  if (code.belowCostAcknowledged || code.planIds.length === 0) return undefined;
  const plans = (await batchGet(code.planIds.map(planKey))).flatMap((item) => (item ? [planFromItem(item)] : []));
  const losing = plans.find((plan) => {
    const cost = recordedCost(plan);
    return cost !== undefined && plan.price - discountOf(code, plan.price) <= cost;
  });
  if (!losing) return undefined;
  const message = `This code takes ${losing.name} to or below what it costs (৳${recordedCost(losing)}): tick “Sell below cost” to sell at a loss on purpose`;
  return new Invalid(message, { below_cost: message });
}

/** A new code from the console, audited with it; a code of that name already there is refused. */
export async function createPromoCode(actorId: string, code: PromoCode): Promise<PromoCode> {
  const refusal = await belowCostRefusal(code);
  if (refusal) throw refusal;
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

/** A sale as the shop window shows it: its price, its end and the units left (none: no cap). */
export interface SaleOnShow {
  price: number;
  endsAt: number;
  left?: number;
}

/**
 * The sales running now on the items a list shows, and how long the list may be cached: until the
 * next sale starts or ends, and half a minute while a capped sale's units are counting down. The
 * units sold are read (one Query of the sales not ended) only when a capped sale runs.
 */
export async function salesOnShow(
  items: readonly { sales?: ScheduledSale[] }[],
  now: number,
): Promise<{ saleOf: (item: { sales?: ScheduledSale[] }) => SaleOnShow | undefined; freshForSeconds?: number }> {
  const running = items.flatMap((item) => saleAt(item.sales, now) ?? []);
  const capped = running.some((sale) => sale.quantity !== undefined);
  const sold = new Map(capped ? (await listSales(now)).map((sale) => [saleCounterName(sale.id), sale.sold]) : []);
  const next = nextPriceChange(
    items.flatMap((item) => item.sales ?? []),
    now,
  );
  const untilChange = next === undefined ? undefined : (next - now) / 1000;
  return {
    saleOf: (item) => {
      const sale = saleAt(item.sales, now);
      return sale && { price: sale.price, endsAt: sale.endsAt, left: unitsLeft(sale, sold.get(saleCounterName(sale.id)) ?? 0) };
    },
    freshForSeconds: capped ? Math.min(untilChange ?? 30, 30) : untilChange,
  };
}

/**
 * What a sale is on, as the console's composer reads it (a plan or a voucher): its list price, its
 * recorded cost (if any), its copy of its sales as read, and the write that replaces that copy on
 * condition it is still the one read.
 */
export interface SaleTarget {
  listPrice: number;
  cost?: number;
  sales?: ScheduledSale[];
  copyItem: (sales: ScheduledSale[]) => TransactionItem;
}

/**
 * A new flash sale, written with its item's copy of its schedule (ended sales dropped), its counter
 * and the audit entry in one transaction. Its price must be below the list price; at or below the
 * recorded cost only with the operator's acknowledgement; one sale at a time per item.
 */
export async function createSale(actorId: string, sale: Sale, target: SaleTarget, belowCostAcknowledged: boolean): Promise<Sale> {
  const now = Date.parse(sale.createdAt);
  if (sale.price >= target.listPrice) throw new Invalid(saleRefusals.notBelowList, { price: saleRefusals.notBelowList });
  if (sale.endsAt <= now) throw new Invalid(saleRefusals.ended, { ends_at: saleRefusals.ended });
  if (target.cost !== undefined && sale.price <= target.cost && !belowCostAcknowledged)
    throw new Invalid(saleRefusals.belowCost(target.cost), { below_cost: saleRefusals.belowCost(target.cost) });
  const kept = salesNotEnded(target.sales, now);
  if (overlapsAny(sale, kept)) throw new Conflict(saleRefusals.overlaps);
  const audit = auditItem(
    auditEntry(
      actorId,
      'sale-create',
      sale.id,
      `${sale.planId ?? sale.voucherId} ৳${sale.price}${belowCostAcknowledged ? ' below cost' : ''}`,
    ),
  );
  try {
    await transact([target.copyItem([...kept, scheduleOf(sale)]), ...newSaleItems(sale, sale.createdAt), audit]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict(saleRefusals.changedMeanwhile);
    throw error;
  }
  return sale;
}

/**
 * A code paused (no order or checkout takes it from then on, whatever it read before: each use's
 * shard checks `active`) or resumed, audited; a public code leaves the site data while paused.
 */
export async function setPromoCodeActive(actorId: string, typed: string, active: boolean): Promise<PromoCode> {
  const name = normalizePromoCode(typed);
  const code = name ? await getPromoCode(name) : undefined;
  if (!code) throw new NotFound('Promo code not found');
  const now = new Date().toISOString();
  const listing = !code.public
    ? []
    : active
      ? [publicPromoItem({ code: code.code, description: code.description, endsAt: code.endsAt }, now)]
      : [unlistPromoItem(code.code)];
  const audit = auditItem(auditEntry(actorId, active ? 'promo-code-resume' : 'promo-code-pause', code.code, ''));
  await transact([...counterActiveItems(code, active, now), ...listing, audit]);
  return { ...code, active };
}

/**
 * A code's terms changed by the console (audited `promo-code-edit`): held to the below-cost rule as
 * a new code is, its public listing following (listed while public and not paused, with the new
 * description and end), conditioned on the code as the operator's form read it (an edit or a pause
 * meanwhile: 409). Orders that read the code before the edit are priced by what they read.
 */
export async function editPromoCode(actorId: string, typed: string, terms: PromoTerms): Promise<PromoCode> {
  const name = normalizePromoCode(typed);
  const code = name ? await getPromoCode(name) : undefined;
  if (!code) throw new NotFound('Promo code not found');
  const edited: PromoCode = { ...code, ...terms };
  const refusal = await belowCostRefusal(edited);
  if (refusal) throw refusal;
  const now = new Date().toISOString();
  const listing =
    edited.public && edited.active
      ? [publicPromoItem({ code: edited.code, description: edited.description, endsAt: edited.endsAt }, now)]
      : code.public
        ? [unlistPromoItem(code.code)]
        : [];
  const changed = editableTerms.filter((field) => JSON.stringify(code[field]) !== JSON.stringify(terms[field]));
  const audit = auditItem(auditEntry(actorId, 'promo-code-edit', code.code, changed.join(', ') || 'nothing changed'));
  try {
    await transact([editPromoItem(code, terms, now), ...listing, audit]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0))
      throw new Conflict('This promo code was changed meanwhile: open it again to see its terms now');
    throw error;
  }
  return edited;
}

/**
 * A sale ended now by the console: its item's copy ends it at this second (conditioned on the copy
 * read, as a new sale is) and its counter is paused, so every price from then on is the list price
 * and an order that read the sale before is refused its unit; audited. One not started never starts.
 */
export async function endSaleNow(actorId: string, sale: Sale & { active: boolean }, target: SaleTarget): Promise<Sale> {
  const now = Date.now();
  if (sale.endsAt <= now || !sale.active) throw new Conflict('This sale has already ended');
  const ended = (target.sales ?? []).map((each) => (each.id === sale.id ? { ...each, endsAt: Math.max(each.startsAt, now) } : each));
  const audit = auditItem(auditEntry(actorId, 'sale-end', sale.id, sale.planId ?? sale.voucherId ?? ''));
  try {
    await transact([
      target.copyItem(salesNotEnded(ended, now)),
      ...counterActiveItems(saleCounter(sale), false, new Date(now).toISOString()),
      audit,
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict(saleRefusals.changedMeanwhile);
    throw error;
  }
  return { ...sale, endsAt: Math.min(sale.endsAt, Math.max(sale.startsAt, now)) };
}
/** Codes written together: each is two items (the code and its one shard), with the chunk's audit entry under DynamoDB's 100 a transaction. */
const batchChunk = 40;

/**
 * A giveaway batch: `count` single-use codes like `template` (its name is their prefix), written
 * in chunks of 40, each chunk with its audit entry. A name taken meanwhile (a chance of about one in
 * a trillion) makes its chunk try again with new names. A failure part-way leaves the chunks
 * written, listed under the batch.
 */
export async function createPromoCodeBatch(
  actorId: string,
  template: PromoCode,
  count: number,
): Promise<{ batch: string; codes: string[] }> {
  const refusal = await belowCostRefusal(template);
  if (refusal) throw refusal;
  const batch = `${template.code}-${randomId(6)}`;
  const codes: string[] = [];
  while (codes.length < count) {
    const size = Math.min(batchChunk, count - codes.length);
    for (let attempt = 1; ; attempt += 1) {
      const names = batchCodeNames(template.code, size, () => randomId(8));
      const items = names.flatMap((name) =>
        newPromoItems({ ...template, code: name, maxUses: 1, perPerson: 1, public: false, batch }, template.createdAt),
      );
      const audit = auditItem(auditEntry(actorId, 'promo-code-batch', batch, `${size} codes, ${template.kind} ${template.value}`));
      try {
        await transact([...items, audit]);
        codes.push(...names);
        break;
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || attempt >= 3) throw error;
      }
    }
  }
  return { batch, codes };
}
