import { auditEntry, auditItem } from '../../audit/repo';
import { shiftDay } from '../../contract/report-range';
import { mayBeHeld, holdPlacedOrder, releaseOrder } from '../../orders/holds';
import { listHeldOrders } from '../../orders/hold-repo';
import { countCodeClaims } from '../../orders/claim-repo';
import { playerLinkCounts } from '../../orders/player-id-repo';
import { listOrders, orderFromItem } from '../../orders/repo';
import type { PlanOrder } from '../../orders/types';
import { holdFor } from '../../risk/holds';
import { codeClaimWindowStart, linkageFlags } from '../../risk/linkage';
import { countAccountsOfDevice, countPayersOfPlayer, getRiskSettings, listBlocks } from '../../risk/repo';
import type { Block, BlockKind } from '../../risk/rules';
import { blockWrites, riskSettingsWrites, unblockWrites } from '../../risk/service';
import { type RiskSettings, type VelocityRule, maxVelocityRules, ruleText } from '../../risk/velocity';
import type { Page, PageRequest } from '../../shared/cursor';
import { batchGet, queryAll } from '../../shared/db';
import { Conflict, NotFound } from '../../shared/errors';
import { randomId } from '../../shared/ids';
import { maskedNumber, payerPartition } from '../../shared/receipt';
import { TransactionCancelled, transact } from '../../shared/transactions';
import type { ActiveUser } from '../../users/active-user';
import { type User, userFromItem, userKey } from '../../users/repo';
import { type WalletRequest, walletRequestFromItem } from '../../wallet/repo';
import { type ConsoleOrder, orderById, withGameIcons } from './orders';

/** Every blocked identity, for the console's Blocklist. */
export const blocklist = (): Promise<Block[]> => listBlocks();

/** Blocks an identity (audited `block-add`); one blocked already is a 409. */
export async function block(user: ActiveUser, kind: BlockKind, value: string, reason: string): Promise<Block> {
  const { block: added, items } = blockWrites(user.id, kind, value, reason);
  try {
    await transact([...items, auditItem(auditEntry(user.id, 'block-add', `${kind}:${added.value}`, reason))]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new Conflict('This is blocked already');
    throw error;
  }
  return added;
}

/** Lifts a block (audited `block-remove`); one not blocked is a 404. */
export async function unblock(user: ActiveUser, kind: BlockKind, value: string): Promise<void> {
  const { value: kept, items } = unblockWrites(kind, value);
  try {
    await transact([...items, auditItem(auditEntry(user.id, 'block-remove', `${kind}:${kept}`))]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0)) throw new NotFound('This is not blocked');
    throw error;
  }
}

/** A held order as the review queue shows it: the order, its account's history, and the linkage flags. */
export interface ReviewItem {
  order: ConsoleOrder;
  account: { user?: User; orders: number; refunded: number };
  flags: string[];
}

/**
 * The review queue: held orders, oldest first, a page at a time (Query gsi1 ORDERS#held), each
 * with its account (one BatchGetItem for the page), the account's recent orders (one Query each)
 * and the linkage counts (Query counts).
 */
export async function reviewQueue(request: PageRequest): Promise<Page<ReviewItem>> {
  const page = await listHeldOrders(request);
  const userIds = [...new Set(page.items.map((order) => order.userId))];
  const [withIcons, userItems, histories] = await Promise.all([
    withGameIcons(page.items),
    userIds.length > 0 ? batchGet(userIds.map(userKey)) : Promise.resolve([]),
    Promise.all(userIds.map((id) => listOrders(id))),
  ]);
  const users = new Map(userIds.map((id, i) => [id, userItems[i] ? userFromItem(userItems[i]) : undefined]));
  const history = new Map(userIds.map((id, i) => [id, histories[i]!]));
  const items = await Promise.all(
    withIcons.map(async (order) => {
      const orders = history.get(order.userId) ?? [];
      const playerId = order.accountType ? undefined : order.accountId;
      const [players, payersOfPlayerId, accountsOfDevice, codeClaimsOfAccount] = await Promise.all([
        playerLinkCounts(order.userId, playerId),
        playerId ? countPayersOfPlayer(playerId) : undefined,
        order.deviceId ? countAccountsOfDevice(order.deviceId) : undefined,
        countCodeClaims(order.userId, codeClaimWindowStart()),
      ]);
      const counts = { ...players, payersOfPlayerId, accountsOfDevice, codeClaimsOfAccount };
      return {
        order,
        account: { user: users.get(order.userId), orders: orders.length, refunded: orders.filter((o) => o.status === 'refunded').length },
        flags: linkageFlags(counts),
      };
    }),
  );
  return { ...page, items };
}

/** Releases a held order (its delivery goes on), once; audited in the same transaction. */
export async function releaseHeldOrder(admin: ActiveUser, orderId: string): Promise<PlanOrder> {
  const order = await orderById(orderId);
  const entry = auditEntry(admin.id, 'order.release', orderId, `${order.planName} for ${order.userId}, ৳${order.price}`);
  return releaseOrder(order, [auditItem(entry)]);
}

/** The risk settings and their version, for the console's Risk rules. */
export const riskSettings = async (): Promise<RiskSettings> => (await getRiskSettings()).settings;

/**
 * Changes the risk settings as read (`change` makes the new ones from them), audited: saved on the
 * condition that nobody saved them meanwhile (409 then: read them again).
 */
async function changeRiskSettings(
  admin: ActiveUser,
  action: string,
  target: string,
  change: (settings: RiskSettings) => RiskSettings,
): Promise<RiskSettings> {
  const { settings: changed, items } = await riskSettingsWrites(change);
  try {
    await transact([...items, auditItem(auditEntry(admin.id, action, target))]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.failedAt(0))
      throw new Conflict('The risk settings changed meanwhile: read them again');
    throw error;
  }
  return changed;
}

/** Saves the scalar risk settings (young account days, first-order hold amount, review minutes). */
export const saveRiskSettings = (
  admin: ActiveUser,
  scalars: Pick<RiskSettings, 'youngAccountDays' | 'firstOrderHoldAmount' | 'reviewWithinMinutes'>,
) =>
  changeRiskSettings(
    admin,
    'risk.settings',
    `young ${scalars.youngAccountDays} days, first order held from ৳${scalars.firstOrderHoldAmount}, checked within ${scalars.reviewWithinMinutes} min`,
    (settings) => ({ ...settings, ...scalars }),
  );

/** Adds a velocity rule (at most `maxVelocityRules`). */
export function addVelocityRule(admin: ActiveUser, rule: Omit<VelocityRule, 'id'>): Promise<RiskSettings> {
  const added: VelocityRule = { ...rule, id: randomId(8) };
  return changeRiskSettings(admin, 'risk.rule-add', `${rule.action}: ${ruleText(added)}`, (settings) => {
    if (settings.rules.length >= maxVelocityRules) throw new Conflict(`The shop keeps at most ${maxVelocityRules} rules`);
    return { ...settings, rules: [...settings.rules, added] };
  });
}

/** Removes a velocity rule by its id (404 when there is none). */
export function removeVelocityRule(admin: ActiveUser, ruleId: string): Promise<RiskSettings> {
  return changeRiskSettings(admin, 'risk.rule-remove', ruleId, (settings) => {
    if (!settings.rules.some((rule) => rule.id === ruleId)) throw new NotFound('No such rule');
    return { ...settings, rules: settings.rules.filter((rule) => rule.id !== ruleId) };
  });
}

/** What a payer's number paid for in a range: gateway orders and wallet top-ups, oldest first. */
export interface PayerHistory {
  orders: PlanOrder[];
  topUps: WalletRequest[];
}

/**
 * Everything paid from a payer's number (as the gateway reported it) between two Dhaka days: one
 * Query of gsi2 `PAYER#<number>` between the range's first and last instants.
 */
export async function payerHistory(number: string, from: string, to: string): Promise<PayerHistory> {
  const start = new Date(Date.parse(`${from}T00:00:00+06:00`)).toISOString();
  const end = new Date(Date.parse(`${shiftDay(to, 1)}T00:00:00+06:00`) - 1).toISOString();
  const items = await queryAll({
    index: 'gsi2',
    key: 'gsi2pk',
    value: payerPartition(number),
    sortKey: 'gsi2sk',
    sortBetween: [start, `${end}\uffff`],
  });
  return {
    orders: items.filter((item) => item.entity === 'PlanOrder').map(orderFromItem),
    topUps: items.filter((item) => item.entity === 'WalletRequest').map(walletRequestFromItem),
  };
}

/**
 * A theft report: holds every order a payer's number paid for in the range that has not gone out
 * (each once, audited, the operators alerted); answers the history after, with how many were held.
 */
export async function holdPayerOrders(
  admin: ActiveUser,
  number: string,
  from: string,
  to: string,
  reason: string,
): Promise<PayerHistory & { held: number }> {
  const history = await payerHistory(number, from, to);
  const now = new Date().toISOString();
  const { reviewWithinMinutes } = await riskSettings();
  const hold = holdFor([{ kind: 'payer-search', text: `Payer search (${maskedNumber(number)}): ${reason}` }], reviewWithinMinutes, now)!;
  const held = await Promise.all(
    history.orders
      .filter(mayBeHeld)
      .map((order) =>
        holdPlacedOrder(order, hold, [auditItem(auditEntry(admin.id, 'order.hold', order.orderId, `payer search: ${reason}`))]),
      ),
  );
  const placed = new Map(held.flatMap((order) => (order ? [[order.orderId, order] as const] : [])));
  return { ...history, orders: history.orders.map((order) => placed.get(order.orderId) ?? order), held: placed.size };
}
