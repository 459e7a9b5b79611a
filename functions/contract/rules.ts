/**
 * Rules and constants that the server enforces and the web checks before sending, in one place.
 * Pure: no imports, so that both the Lambda bundles and the SPA can carry it.
 */

/** The minimum password length (spec §5). */
export const minPasswordLength = 5;

/** The mobile number a Google registration carries (spec §9): ten nines, exempt from uniqueness. */
export const googlePlaceholderMobile = '9999999999';

/** How many codes one voucher order may buy (spec §9). */
export const voucherQuantity = { min: 1, max: 10 } as const;

/** Whether a quantity may be ordered: a whole number within `voucherQuantity`. */
export const isOrderableQuantity = (qty: number) => Number.isInteger(qty) && qty >= voucherQuantity.min && qty <= voucherQuantity.max;

/** The game-account types a login top-up accepts (spec §5). */
export const accountTypes = ['FB', 'Google', 'VK', 'Twitter'] as const;

/** Groups titled "UID TOPUP" (any case) need only the player ID; the rest a game-account login. */
export const isPlayerIdGroup = (groupName: string) => groupName.trim().toUpperCase() === 'UID TOPUP';

/** The order payload's game-account fields (spec §3). */
export interface OrderAccountFields {
  saccount_type?: string;
  saccount_id?: string;
  saccount_password?: string;
  backup_code?: string;
}

/**
 * The order form's rules with the spec's messages, keyed by payload field: a player-ID group
 * needs the player ID; any other an account type of FB, Google, VK or Twitter, an email or ID
 * and a password; the backup code is optional. Empty when the fields are complete.
 */
export function orderAccountProblems(playerIdGroup: boolean, fields: OrderAccountFields): Partial<Record<keyof OrderAccountFields, string>> {
  const problems: Partial<Record<keyof OrderAccountFields, string>> = {};
  if (playerIdGroup) {
    if (!fields.saccount_id?.trim()) problems.saccount_id = 'Please fill player ID';
    return problems;
  }
  if (!accountTypes.some((type) => type.toLowerCase() === fields.saccount_type?.trim().toLowerCase())) problems.saccount_type = 'Please choose account type';
  if (!fields.saccount_id?.trim()) problems.saccount_id = 'Please fill email';
  if (!fields.saccount_password) problems.saccount_password = 'Please fill password';
  return problems;
}
