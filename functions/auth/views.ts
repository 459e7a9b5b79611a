import type { UserInfo } from '../contract/wire';
import { verifiedMobileOf } from '../users/repo';
import type { Account } from './service/accounts';

/** The contract's user info; `authToken` on login and password change. */
export function userInfoView({ user, wallet }: Account, authToken?: string): UserInfo {
  return {
    ...(authToken ? { authToken } : {}),
    code: user.id,
    name: user.name,
    email: user.email,
    mobile_no: user.mobileNo,
    mobile_verified: verifiedMobileOf(user) !== undefined,
    image: user.image,
    photoURL: user.photoURL ?? '',
    wallet_balance: wallet.balance,
    has_password: Boolean(user.passwordHash),
    role: user.role,
    email_verified: user.emailVerified === true,
    pending_email: user.pendingEmail ?? '',
    language: user.language ?? 'en',
  };
}
