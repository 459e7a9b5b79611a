/**
 * Linkage signals, pure: patterns of stolen-money buying that no single order shows. One account
 * feeding many player IDs (a reseller of stolen top-ups), one player ID fed by many accounts or
 * payers' numbers (the buyer of them), many accounts on one device (one person, many throwaway accounts),
 * an account that keeps reporting codes invalid (replacements for codes it used). Counted from
 * the table when an operator looks (the review queue, the account page), flagged past a threshold.
 */

/**
 * How many make a pattern worth a person's look. `codeClaimsPerWindow`: "code invalid" claims by one
 * account in `codeClaimWindowDays`; past it, no rule replaces or refunds its codes any more (a
 * code once shown cannot be taken back), a person checks each.
 */
export const linkageThresholds = {
  playerIdsPerAccount: 5,
  accountsPerPlayerId: 3,
  payersPerPlayerId: 3,
  accountsPerDevice: 3,
  codeClaimsPerWindow: 3,
} as const;

export const codeClaimWindowDays = 30;

/** Where the window of counted "code invalid" claims starts, as an ISO time. */
export const codeClaimWindowStart = (now = Date.now()) => new Date(now - codeClaimWindowDays * 86_400_000).toISOString();

/** What was counted for an order's account, its player ID and its device (absent: not known). */
export interface LinkageCounts {
  playerIdsOfAccount: number;
  accountsOfPlayerId?: number;
  /** The payers' numbers that paid for the player ID's top-ups through the gateway. */
  payersOfPlayerId?: number;
  /** The most accounts on one of the devices in question. */
  accountsOfDevice?: number;
  /** The account's "code invalid" claims in the last `codeClaimWindowDays`. */
  codeClaimsOfAccount?: number;
}

/** The flags the counts raise, in operator words. */
export function linkageFlags(counts: LinkageCounts): string[] {
  const flags: string[] = [];
  if (counts.playerIdsOfAccount >= linkageThresholds.playerIdsPerAccount)
    flags.push(`This account has topped up ${counts.playerIdsOfAccount} player IDs`);
  if ((counts.accountsOfPlayerId ?? 0) >= linkageThresholds.accountsPerPlayerId)
    flags.push(`This player ID is topped up by ${counts.accountsOfPlayerId} accounts`);
  if ((counts.payersOfPlayerId ?? 0) >= linkageThresholds.payersPerPlayerId)
    flags.push(`This player ID is paid for from ${counts.payersOfPlayerId} payers' numbers`);
  if ((counts.accountsOfDevice ?? 0) >= linkageThresholds.accountsPerDevice)
    flags.push(`${counts.accountsOfDevice} accounts have bought on one device`);
  if ((counts.codeClaimsOfAccount ?? 0) >= linkageThresholds.codeClaimsPerWindow)
    flags.push(`This account reported ${counts.codeClaimsOfAccount} codes invalid in ${codeClaimWindowDays} days`);
  return flags;
}
