import { googlePlaceholderMobile } from '../contract/rules';
import { Conflict, Invalid } from '../shared/errors';
import { blockItem, blockKey, unblockItem } from './repo';
import { type Block, type BlockKind, blockValueOf, blockedMessage } from './rules';

/** The identities a checkout is known by: the top-up's player ID, the account's mobile number and e-mail. */
export interface CheckoutIdentity {
  playerId?: string;
  mobileNo?: string;
  email?: string;
}

/** A signed-in buyer's identities, with the top-up's player ID (the Google placeholder number names no one). */
export const identityOf = (account: { mobileNo: string; email: string }, playerId?: string): CheckoutIdentity => ({
  playerId,
  mobileNo: account.mobileNo === googlePlaceholderMobile ? undefined : account.mobileNo,
  email: account.email,
});

/**
 * The block keys a checkout reads in its own BatchGetItem (`keys`), and the refusal when any of
 * them is blocked (`refuse`, given the items read for those keys): one generic 409 that says
 * nothing of which identity, and nothing is written.
 */
export function blockRequest(identity: CheckoutIdentity) {
  const named: [BlockKind, string | undefined][] = [
    ['player', identity.playerId],
    ['mobile', identity.mobileNo],
    ['email', identity.email],
  ];
  const keys = named.flatMap(([kind, typed]) => (typed?.trim() ? [blockKey(kind, blockValueOf(kind, typed))] : []));
  return {
    keys,
    refuse: (items: (Record<string, unknown> | undefined)[]) => {
      if (items.slice(0, keys.length).some(Boolean)) throw new Conflict(blockedMessage);
    },
  };
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
