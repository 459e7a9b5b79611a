/** The order form's rules (spec §4, §5), apart from React so that they can be tested alone. */

/** A group titled UID TOPUP (any case) is topped up by player ID; the rest by game-account login. */
export const isPlayerIdGroup = (group: { cname: string }) => group.cname.trim().toUpperCase() === 'UID TOPUP';

export const accountTypes = ['FB', 'Google', 'VK', 'Twitter'] as const;

export interface AccountFields {
  playerId: string;
  accountType: string;
  accountId: string;
  password: string;
  backupCode: string;
}

export type AccountErrors = Partial<Record<keyof AccountFields, string>>;

/** The spec's message for each field the group needs and is missing; the backup code is optional. */
export function accountErrors(playerIdGroup: boolean, fields: AccountFields): AccountErrors {
  const errors: AccountErrors = {};
  if (playerIdGroup) {
    if (!fields.playerId.trim()) errors.playerId = 'Please fill player ID';
    return errors;
  }
  if (!fields.accountType) errors.accountType = 'Please choose account type';
  if (!fields.accountId.trim()) errors.accountId = 'Please fill email';
  if (!fields.password) errors.password = 'Please fill password';
  return errors;
}

/** Whether the wallet pays for the price, both compared as whole taka. */
export const walletCovers = (price: number, balance: number) => Math.trunc(Number(price)) <= Math.trunc(Number(balance));
