/**
 * The accountants' CSV exports of the Reports page (issue 42): every order of a range of Dhaka days
 * and every claim opened on them, a row each, oldest first. Pure. A player ID and a code are never
 * written whole, and a game account's password never at all (the export reads none).
 */
import { dhakaDay } from '../contract/report-range';
import type { Claim, ClaimOutcome } from '../orders/claim-rules';
import type { PlanOrder } from '../orders/types';
import { csvText } from '../shared/csv';
import { maskCode } from '../vouchers/inventory';
import type { VoucherOrder } from '../vouchers/repo';

/** A plan order as exported: as stored (the game's name rides on it). */
export interface ExportedPlanOrder {
  kind: 'plan';
  order: PlanOrder;
}

/** A code sale as exported, with what its item does not carry: its voucher's brand and how it was paid. */
export interface ExportedCodeOrder {
  kind: 'voucher';
  order: VoucherOrder;
  gameId: string;
  gameName: string;
  /** `wallet`, or the gateway's payment method (a guest's checkout). */
  channel: string;
}

export type ExportedOrder = ExportedPlanOrder | ExportedCodeOrder;

/** A player ID (or a game account's e-mail or ID) as exported: its last three characters only. */
export const maskedPlayerId = (playerId: string) => (playerId.length > 3 ? `******${playerId.slice(-3)}` : playerId ? '******' : '');

/** A code as exported: the console's mask (its last four), and nothing of a code too short to show part of. */
export const maskedExportCode = (code: string) => (code.length >= 8 ? maskCode(code) : '••••');

/** Whether an order's account is a guest's contact partition rather than an account. */
const isGuest = (userId: string) => userId.startsWith('guest-');

export const orderColumns = [
  'order_id',
  'day',
  'placed_at',
  'kind',
  'game_id',
  'game',
  'item_id',
  'item',
  'units',
  'list_price',
  'discount',
  'promo_code',
  'net',
  'channel',
  'status',
  'refunded',
  'refunded_to',
  'supplier',
  'cost',
  'user',
  'player_id',
  'codes',
] as const;

type OrderRow = Record<(typeof orderColumns)[number], string | number>;

/** A plan order's row: as its sale's report event counts it (list price, discount, net, channel, supplier's cost), and its refund. */
function planRow(order: PlanOrder): OrderRow {
  const gross = order.listPrice ?? order.price + (order.discount ?? 0);
  const refunded = order.status === 'refunded';
  const supplied = order.delivery?.mode === 'supplier' ? order.delivery : undefined;
  return {
    order_id: order.orderId,
    day: dhakaDay(Date.parse(order.createdAt)),
    placed_at: order.createdAt,
    kind: 'plan',
    game_id: order.masterCategoryId,
    game: order.gameName,
    item_id: order.planId,
    item: order.planName,
    units: 1,
    list_price: gross,
    discount: gross - order.price,
    promo_code: order.coupanCode ?? '',
    net: order.price,
    channel: order.paidFrom === 'wallet' ? 'wallet' : order.receipt?.paymentMethod || 'gateway',
    status: order.status,
    refunded: refunded ? order.price : 0,
    refunded_to: refunded ? (order.gatewayRefund?.state === 'done' ? 'method' : 'wallet') : '',
    supplier: supplied?.supplier ?? '',
    cost: supplied?.cost ?? 0,
    user: isGuest(order.userId) ? 'guest' : order.userId,
    player_id: maskedPlayerId(order.accountId),
    codes: order.delivery?.code ? maskedExportCode(order.delivery.code) : '',
  };
}

/** A code sale's row: its codes' list price and what came off it, as its sale's report event counts them. */
function codesRow({ order, gameId, gameName, channel }: ExportedCodeOrder): OrderRow {
  const gross = (order.listUnitPrice ?? order.unitPrice) * order.qty;
  const net = order.unitPrice * order.qty - (order.discount ?? 0);
  return {
    order_id: order.orderId,
    day: dhakaDay(Date.parse(order.createdAt)),
    placed_at: order.createdAt,
    kind: 'voucher',
    game_id: gameId,
    game: gameName,
    item_id: order.voucherId,
    item: order.voucherName,
    units: order.qty,
    list_price: gross,
    discount: gross - net,
    promo_code: order.coupanCode ?? '',
    net,
    channel,
    status: 'completed',
    refunded: 0,
    refunded_to: '',
    supplier: '',
    cost: 0,
    user: isGuest(order.userId) ? 'guest' : order.userId,
    player_id: '',
    codes: (order.codes ?? []).map(maskedExportCode).join(' '),
  };
}

/** An order's row of the export, by column. */
export const orderExportRow = (entry: ExportedOrder): OrderRow => (entry.kind === 'plan' ? planRow(entry.order) : codesRow(entry));

const oldestFirst = (a: { placed_at: string | number; order_id: string | number }, b: typeof a) =>
  String(a.placed_at).localeCompare(String(b.placed_at)) || String(a.order_id).localeCompare(String(b.order_id));

/** The orders' CSV: a row per order, oldest first. */
export function ordersCsv(orders: readonly ExportedOrder[]): string {
  const rows = orders.map(orderExportRow).sort(oldestFirst);
  return csvText(
    orderColumns,
    rows.map((row) => orderColumns.map((column) => row[column])),
  );
}

/** The outcomes with which a rule closes a claim at once (the others leave it to a person). */
const closingOutcomes: readonly ClaimOutcome[] = ['corrected', 'replaced', 'refunded', 'credited'];

export const claimColumns = [
  'claim_id',
  'order_id',
  'opened_at',
  'reason',
  'status',
  'closed_at',
  'closed_by',
  'hours_to_close',
  'refund',
] as const;

type ClaimRow = Record<(typeof claimColumns)[number], string | number>;

/** What the export reads of a claim and of its order. */
export type ExportedClaim = Pick<Claim, 'claimId' | 'orderId' | 'reason' | 'status' | 'outcome' | 'createdAt' | 'closedAt'>;
export type ClaimedOrder = Pick<PlanOrder, 'status' | 'price' | 'refundedAt'>;

/**
 * A claim's row: who closed it (a rule at once, or an operator), the hours it took (one decimal),
 * and the order's refund when it came while the claim was open (a rule's, or an operator's on it).
 */
export function claimExportRow(claim: ExportedClaim, order: ClaimedOrder | undefined): ClaimRow {
  const closed = claim.status === 'closed' && claim.closedAt;
  const refundedDuring =
    order?.status === 'refunded' &&
    !!order.refundedAt &&
    order.refundedAt >= claim.createdAt &&
    (!claim.closedAt || order.refundedAt <= claim.closedAt);
  return {
    claim_id: claim.claimId,
    order_id: claim.orderId,
    opened_at: claim.createdAt,
    reason: claim.reason,
    status: claim.status,
    closed_at: closed ? claim.closedAt! : '',
    closed_by: closed ? (claim.outcome && closingOutcomes.includes(claim.outcome) ? 'rule' : 'operator') : '',
    hours_to_close: closed ? Math.round((Date.parse(claim.closedAt!) - Date.parse(claim.createdAt)) / 360_000) / 10 : '',
    refund: refundedDuring ? order.price : '',
  };
}

/** The claims' CSV: a row per claim, oldest first. */
export function claimsCsv(claims: readonly { claim: ExportedClaim; order: ClaimedOrder | undefined }[]): string {
  const rows = claims
    .map(({ claim, order }) => claimExportRow(claim, order))
    .sort((a, b) => String(a.opened_at).localeCompare(String(b.opened_at)) || String(a.claim_id).localeCompare(String(b.claim_id)));
  return csvText(
    claimColumns,
    rows.map((row) => claimColumns.map((column) => row[column])),
  );
}
