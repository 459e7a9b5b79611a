import { Invalid } from '../shared/errors';

/** The game-account types a login top-up accepts (spec §5). */
export const accountTypes = ['FB', 'Google', 'VK', 'Twitter'] as const;

/** Groups titled "UID TOPUP" (any case) need only the player ID; the rest a game-account login. */
export const isPlayerIdGroup = (groupName: string) => groupName.trim().toUpperCase() === 'UID TOPUP';

export interface OrderAccountInput {
  saccount_type?: string;
  saccount_id?: string;
  saccount_password?: string;
  backup_code?: string;
}

/** What an order records of the game account, with the secrets apart so they can be sealed. */
export interface OrderAccount {
  accountType: string;
  accountId: string;
  secret?: { password: string; backupCode: string };
}

/**
 * The order form's rules, with its messages: a player-ID group needs the player ID; any other
 * needs an account type of FB, Google, VK or Twitter, an email or ID and a password; the
 * backup code is optional.
 */
export function orderAccount(groupName: string, input: OrderAccountInput): OrderAccount {
  const accountId = input.saccount_id?.trim() ?? '';
  if (isPlayerIdGroup(groupName)) {
    if (!accountId) throw new Invalid('Please fill player ID', { saccount_id: 'Please fill player ID' });
    return { accountType: '', accountId };
  }
  const accountType = accountTypes.find((type) => type.toLowerCase() === input.saccount_type?.trim().toLowerCase());
  if (!accountType) throw new Invalid('Please choose account type', { saccount_type: 'Please choose account type' });
  if (!accountId) throw new Invalid('Please fill email', { saccount_id: 'Please fill email' });
  if (!input.saccount_password) throw new Invalid('Please fill password', { saccount_password: 'Please fill password' });
  return { accountType, accountId, secret: { password: input.saccount_password, backupCode: input.backup_code?.trim() ?? '' } };
}
