import { googlePlaceholderMobile, normalizeMobile, normalizePlayerId } from '../contract/rules';
import { Conflict, Invalid } from '../shared/errors';
import { TransactionCancelled, type TransactionItem } from '../shared/transactions';
import { type HoldReason, firstLargeOrderHold, isYoungAccount } from './holds';
import {
  blockItem,
  blockKey,
  getRiskSettings,
  riskSettingsFromItem,
  riskSettingsItem,
  riskSettingsKey,
  unblockItem,
  velocityCounterItem,
} from './repo';
import { type Block, type BlockKind, blockValueOf, blockedMessage } from './rules';
import {
  type RiskIdentities,
  type RiskSettings,
  type VelocityCounter,
  velocityCounters,
  velocityHoldReason,
  velocityRefusal,
} from './velocity';

/** Where a request came from: the browser's first-party device id (empty when none) and the client's address. */
export interface RequestOrigin {
  deviceId: string;
  clientIp: string;
}

/**
 * Every identity a checkout is known by, in one place (the keys the blocklist, the velocity rules
 * and promotions' persons use): the account, the top-up's player ID, the account's mobile number
 * and e-mail, the device and the client address. The payer's number comes later, with the payment.
 */
export interface CheckoutIdentity {
  accountId: string;
  playerId?: string;
  mobileNo?: string;
  email?: string;
  deviceId?: string;
  address?: string;
}

/** A signed-in buyer's identities (the Google placeholder number names no one). */
export const identityOf = (
  account: { id: string; mobileNo: string; email: string },
  origin: RequestOrigin,
  playerId?: string,
): CheckoutIdentity => ({
  accountId: account.id,
  playerId: playerId?.trim() || undefined,
  mobileNo: account.mobileNo === googlePlaceholderMobile ? undefined : account.mobileNo,
  email: account.email,
  deviceId: origin.deviceId || undefined,
  address: origin.clientIp || undefined,
});

/**
 * The risk reads a checkout adds to its own BatchGetItem (`keys`): the blocklist's entries for its
 * identities and the risk settings. `read`, given the items read for those keys, refuses a
 * blocked buyer (one generic 409 that says nothing of which identity; nothing is written) and
 * answers the settings.
 */
export function riskRequest(identity: CheckoutIdentity) {
  const named: [BlockKind, string | undefined][] = [
    ['player', identity.playerId],
    ['mobile', identity.mobileNo],
    ['email', identity.email],
    ['device', identity.deviceId],
  ];
  const blockKeys = named.flatMap(([kind, typed]) => (typed?.trim() ? [blockKey(kind, blockValueOf(kind, typed))] : []));
  return {
    keys: [...blockKeys, riskSettingsKey],
    read: (items: (Record<string, unknown> | undefined)[]): RiskSettings => {
      if (items.slice(0, blockKeys.length).some(Boolean)) throw new Conflict(blockedMessage);
      return riskSettingsFromItem(items[blockKeys.length]);
    },
  };
}

/** The identities velocity rules count by, in their kept forms. */
const countedIdentities = (identity: CheckoutIdentity): RiskIdentities => ({
  account: identity.accountId,
  player: identity.playerId && normalizePlayerId(identity.playerId),
  mobile: identity.mobileNo && normalizeMobile(identity.mobileNo),
  device: identity.deviceId,
  address: identity.address,
});

/**
 * The velocity rules' part of a gateway checkout of `amount`: the counters it adds to, written in
 * the checkout's own transaction (`items`, from index `at`). `strict` holds every applicable limit;
 * when it fails, `refuseOnly` holds only the refusing rules' limits and the order is held for the
 * hold rules of the counter that failed (`holdReasonsAfter`); failing again, the checkout is refused.
 * A rule broken by the amount alone refuses, or holds, outright.
 */
export function velocityCheck(settings: RiskSettings, identity: CheckoutIdentity, account: { createdAt: string }, amount: number) {
  const now = Date.now();
  const young = isYoungAccount(settings, account, now);
  const counted = countedIdentities(identity);
  const { counters, outright } = velocityCounters(settings.rules, counted, amount, young, now);
  if (outright.some((rule) => rule.action === 'refuse')) throw new Conflict(velocityRefusal);
  const identityOfRule = (rule: { key: keyof RiskIdentities }) => counted[rule.key] ?? '';
  const items = (mode: 'strict' | 'refuseOnly', at: string): TransactionItem[] =>
    counters.map((counter) =>
      velocityCounterItem(
        counter,
        counter.limits.filter((limit) => mode === 'strict' || limit.rule.action === 'refuse'),
        amount,
        at,
      ),
    );
  const failedCounter = (error: unknown, index: number): VelocityCounter | undefined =>
    error instanceof TransactionCancelled ? counters.find((_, i) => error.failedAt(index + i)) : undefined;
  return {
    /** Hold reasons known before any write: hold rules broken by the amount alone. */
    outrightHolds: outright.map((rule) => velocityHoldReason(rule, identityOfRule(rule))),
    items,
    /** Whether a cancelled transaction failed on a counter (its items from `index`). */
    failed: (error: unknown, index: number) => failedCounter(error, index) !== undefined,
    /** The hold reasons of the counter a strict try failed on: its hold rules, or none (then it was a refusing rule). */
    holdReasonsAfter: (error: unknown, index: number): HoldReason[] =>
      (failedCounter(error, index)?.limits ?? [])
        .filter((limit) => limit.rule.action === 'hold')
        .map((limit) => velocityHoldReason(limit.rule, identityOfRule(limit.rule))),
    refusal: () => new Conflict(velocityRefusal),
  };
}

export type VelocityCheck = ReturnType<typeof velocityCheck>;

/** The hold reasons a plan order starts with before any counter: a young account's first large order, and rules its amount breaks. */
export const orderHoldReasons = (
  settings: RiskSettings,
  account: { createdAt: string },
  order: { price: number; returning: boolean },
  velocity?: VelocityCheck,
): HoldReason[] => [...firstLargeOrderHold(settings, account, order, Date.now()), ...(velocity?.outrightHolds ?? [])];

/**
 * What changing the risk settings writes (the console adds its audit entry in the same
 * transaction): `change` applied to the settings as read, saved on the condition that they are
 * still as read (a failure of this first item means someone saved them meanwhile).
 */
export async function riskSettingsWrites(change: (settings: RiskSettings) => RiskSettings) {
  const { settings, version } = await getRiskSettings();
  const changed = change(settings);
  return { settings: changed, items: [riskSettingsItem(changed, version, new Date().toISOString())] };
}

/**
 * What blocking an identity writes (the console adds its audit entry in the same transaction):
 * the block, conditioned on none (a failure of this first item means it is blocked already).
 */
export function blockWrites(actorId: string, kind: BlockKind, typed: string, reason: string) {
  const value = blockValueOf(kind, typed);
  if (!value) throw new Invalid('A value to block is required', { value: 'A value to block is required' });
  const block: Block = { kind, value, reason, actorId, createdAt: new Date().toISOString() };
  return { block, items: [blockItem(block)] };
}

/** What lifting a block writes: its removal, conditioned on it being there (the first item). */
export function unblockWrites(kind: BlockKind, typed: string) {
  const value = blockValueOf(kind, typed);
  return { value, items: [unblockItem(kind, value)] };
}
