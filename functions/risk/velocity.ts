/**
 * Velocity rules, pure: how much money and how many gateway checkouts one identity may start in
 * an hour or a Dhaka day before a checkout is refused or its order held. Each rule counts on a
 * counter per identity and window; the checkout's own transaction adds to the counters on the
 * condition that every applicable limit still holds, so parallel checkouts never pass a limit.
 */
import { dhakaDay } from '../contract/report-range';
import type { riskKeyKinds, velocityWindows } from '../contract/rules';
import type { HoldReason } from './holds';

export type RiskKeyKind = (typeof riskKeyKinds)[number];
export type VelocityWindow = (typeof velocityWindows)[number];

/** One rule: per identity of `key`, at most `maxCount` checkouts and `maxAmount` taka per window (0: no such limit). */
export interface VelocityRule {
  id: string;
  key: RiskKeyKind;
  window: VelocityWindow;
  maxCount: number;
  maxAmount: number;
  /** Past the limit: the checkout is refused, or its order is held after payment. */
  action: 'refuse' | 'hold';
  /** Only for accounts younger than the settings' `youngAccountDays` (the stricter rules). */
  youngOnly: boolean;
}

/** The shop's risk settings, set in the console. */
export interface RiskSettings {
  rules: VelocityRule[];
  youngAccountDays: number;
  /** A young account's first order at or above this is held (0: never). */
  firstOrderHoldAmount: number;
  /** What the shopper is told a check takes, and when an undecided hold alerts again. */
  reviewWithinMinutes: number;
}

/** Before an operator sets anything: no velocity rule, a young account's first order of ৳5,000 or more held, checked within an hour. */
export const defaultRiskSettings: RiskSettings = { rules: [], youngAccountDays: 3, firstOrderHoldAmount: 5000, reviewWithinMinutes: 60 };

/** The most rules the shop keeps (each adds at most one counter to a checkout's transaction). */
export const maxVelocityRules = 12;

/** A checkout's identities, each in its kept form; absent ones are not counted. */
export type RiskIdentities = Partial<Record<RiskKeyKind, string>>;

/** A limit a counter must stay within after this checkout adds to it: counts and taka already there, before it. */
export interface CounterLimit {
  rule: VelocityRule;
  /** The most checkouts already counted (this one makes one more); undefined: no count limit. */
  countBelow?: number;
  /** The most taka already counted (this one's amount is added); undefined: no amount limit. */
  amountAtMost?: number;
}

/** One counter a checkout adds to: an identity's checkouts and taka in one window. */
export interface VelocityCounter {
  kind: RiskKeyKind;
  value: string;
  window: VelocityWindow;
  /** The window's hour (UTC, `2026-11-28T09`) or Dhaka day. */
  bucket: string;
  /** Epoch seconds after which the counter is of no use (DynamoDB TTL). */
  expiresAt: number;
  limits: CounterLimit[];
}

const windowSeconds: Record<VelocityWindow, number> = { hour: 3600, day: 86_400 };

const bucketOf = (window: VelocityWindow, now: number) => (window === 'hour' ? new Date(now).toISOString().slice(0, 13) : dhakaDay(now));

/**
 * The counters a checkout of `amount` taka adds to, with the limits of the rules that apply (the
 * young-only ones to young accounts), and the rules it breaks by its amount alone (`outright`:
 * a single checkout above a rule's amount).
 */
export function velocityCounters(
  rules: VelocityRule[],
  identities: RiskIdentities,
  amount: number,
  young: boolean,
  now: number,
): { counters: VelocityCounter[]; outright: VelocityRule[] } {
  const counters = new Map<string, VelocityCounter>();
  const outright: VelocityRule[] = [];
  for (const rule of rules) {
    const value = identities[rule.key];
    if (!value || (rule.youngOnly && !young)) continue;
    const tooLarge = rule.maxAmount > 0 && amount > rule.maxAmount;
    if (tooLarge) outright.push(rule);
    const id = `${rule.key}#${value}#${rule.window}`;
    const counter = counters.get(id) ?? {
      kind: rule.key,
      value,
      window: rule.window,
      bucket: bucketOf(rule.window, now),
      expiresAt: Math.floor(now / 1000) + 2 * windowSeconds[rule.window],
      limits: [],
    };
    counter.limits.push({
      rule,
      countBelow: rule.maxCount > 0 ? rule.maxCount : undefined,
      amountAtMost: rule.maxAmount > 0 && !tooLarge ? rule.maxAmount - amount : undefined,
    });
    counters.set(id, counter);
  }
  return { counters: [...counters.values()], outright };
}

const keyWords: Record<RiskKeyKind, string> = {
  account: 'account',
  player: 'player ID',
  mobile: 'mobile number',
  device: 'device',
  address: 'address',
};

/** A rule in operator words: "more than 5 checkouts or ৳10000 per player ID in an hour (young accounts)". */
export function ruleText(rule: VelocityRule): string {
  const limits = [rule.maxCount > 0 ? `${rule.maxCount} checkouts` : '', rule.maxAmount > 0 ? `৳${rule.maxAmount}` : '']
    .filter(Boolean)
    .join(' or ');
  return `more than ${limits} per ${keyWords[rule.key]} in ${rule.window === 'hour' ? 'an hour' : 'a day'}${rule.youngOnly ? ' (young accounts)' : ''}`;
}

/** Why a hold rule held an order, naming the identity it counted (the review queue's reason). */
export const velocityHoldReason = (rule: VelocityRule, value: string): HoldReason => ({
  kind: 'velocity',
  text: `Velocity: ${ruleText(rule)}; ${keyWords[rule.key]} ${value}`,
});

/** Said to a shopper whose checkout a rule refuses: clear, without naming the rule a thief would learn to stay under. */
export const velocityRefusal = 'You have reached the limit of payments for now. Please try again later, or contact support.';
