import { batchGet } from '../shared/db';
import { NotFound } from '../shared/errors';
import { type TransactionItem, transact } from '../shared/transactions';
import { type Role, type User, claimKey, getUser, normalizeEmail, updateProfileItem } from './repo';

/** The account that holds an email (through its claim), or a 404 naming the email. */
export async function userByEmail(email: string): Promise<User> {
  const [claim] = await batchGet([claimKey('email', normalizeEmail(email))]);
  const user = claim && (await getUser(String(claim.userId)));
  if (!user) throw new NotFound(`No account has the email ${email}`);
  return user;
}

/**
 * Grants or revokes the admin role: the profile's update (an identity change, conditioned on the
 * versions read) and `alsoWrite` (the audit entry) in one transaction. It takes effect on the
 * user's next request, since every admin route reads the role.
 */
export async function setRole(user: User, role: Role, alsoWrite: TransactionItem[] = []): Promise<User> {
  await transact([updateProfileItem(user, { role }, new Date().toISOString()), ...alsoWrite]);
  return { ...user, role };
}
