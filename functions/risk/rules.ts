import { type blockKinds, normalizeEmail, normalizeMobile, normalizePlayerId } from '../contract/rules';

/**
 * The rules of the blocklist, pure: what can be blocked and the one form each value is kept in,
 * so that every way of writing a number or an address finds the same entry.
 */

export type BlockKind = (typeof blockKinds)[number];

/** One blocked identity: what it is, why, who blocked it and when. */
export interface Block {
  kind: BlockKind;
  /** In its kept form (`blockValueOf`). */
  value: string;
  reason: string;
  actorId: string;
  createdAt: string;
}

/**
 * The one form a blocked value is kept and looked up in: a player ID trimmed and lower-cased (as
 * promotions count it), a mobile number, and a payer's number as the gateway reports it, as the
 * accounts keep numbers (`01XXXXXXXXX` for a Bangladeshi one, separators dropped; a masked one as
 * given), an e-mail and a device id trimmed and lower-cased.
 */
export function blockValueOf(kind: BlockKind, typed: string): string {
  return { player: normalizePlayerId, mobile: normalizeMobile, email: normalizeEmail, device: normalizeEmail, payer: normalizeMobile }[
    kind
  ](typed);
}

/** Said to a blocked buyer: nothing about which identity or why (that would teach a thief what to change). */
export const blockedMessage = 'This purchase cannot be completed. Please contact support.';
