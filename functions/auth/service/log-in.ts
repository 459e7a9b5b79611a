import { batchGet } from '../../shared/db';
import { Invalid, NotFound } from '../../shared/errors';
import { transact } from '../../shared/transactions';
import * as users from '../../users/repo';
import type { ClaimKind } from '../../users/repo';
import { issueDeviceToken, knownDevice } from '../device-token';
import { verifyGoogleIdToken } from '../google';
import { spendGoogleSignIn } from '../google-nonce';
import { loginLimits } from '../login-limits';
import { decoyHash, verifyPassword } from '../passwords';
import { type Account, readAccount, safePhotoUrl, sessionTokenFor } from './accounts';
import { reserve, settleReservation, slowDown } from './attempts';
import { sendPasswordRemovedNotice } from './mails';

/** A signed-in account: the session token, and the device cookie that marks this browser as the owner's. */
export type SignedIn = Account & { token: string; deviceCookie: string };

/** Which claim a login identifier names: an email (has an @) or a mobile number. */
function identifierClaim(identifier: string): { kind: ClaimKind; value: string } {
  return identifier.includes('@')
    ? { kind: 'email', value: users.normalizeEmail(identifier) }
    : { kind: 'mobile', value: users.normalizeMobile(identifier) };
}

const badCredentials = () => new Invalid('Invalid email/mobile number or password', { email: 'Invalid email/mobile number or password' });

/** A user id no account has: unknown identifiers read it, so they cost the same calls as known ones. */
const nobody = '~nobody';

/** Signs a user in: a session token, and a new device cookie for this browser. */
async function signIn(account: Account): Promise<SignedIn> {
  const [token, device] = await Promise.all([sessionTokenFor(account.user), issueDeviceToken(account.user.id)]);
  return { ...account, token, deviceCookie: device.cookie };
}

/**
 * Password login by email or mobile number. The attempt is taken from its buckets before the
 * password is checked: the account's (or, from a browser that signed in to it before, that
 * device's own) and the client address's (not for a known device). A full bucket is a 429. A
 * wrong password, an unknown account and a Google-only account all get the same 400 after the
 * same reads and the same scrypt, so nothing tells whether an account exists.
 */
export async function logIn(identifier: string, password: string, clientIp: string, deviceToken: string | undefined): Promise<SignedIn> {
  const claim = identifierClaim(identifier);
  const [claimItem] = await batchGet([users.claimKey(claim.kind, claim.value)]);
  const userId = claimItem ? String(claimItem.userId) : undefined;
  const deviceId = userId ? await knownDevice(deviceToken, userId) : undefined;
  const buckets = deviceId
    ? [{ limit: loginLimits.device, key: `${userId}#${deviceId}` }]
    : [
        { limit: loginLimits.account, key: userId ?? `unknown:${claim.kind}:${claim.value}` },
        { limit: loginLimits.address, key: clientIp },
      ];
  const [reservations, account] = await Promise.all([reserve(buckets), readAccount(userId ?? nobody)]);
  await slowDown(reservations);
  const matches = await verifyPassword(password, account?.user.passwordHash ?? decoyHash);
  const succeeded = Boolean(account && matches);
  await settleReservation(reservations, succeeded);
  if (!succeeded) throw badCredentials();
  return signIn(account!);
}

/**
 * Google login: trusts only the verified ID token (with this browser's nonce, spent here). A known Google
 * subject signs in. Otherwise the account of the token's email is linked to it, unless it is
 * linked to another Google identity (refused). An account whose email was never verified may
 * have been registered by someone else in its owner's name: linking it first removes its
 * password and pending email change and ends all its sessions (and, as every link does, voids its
 * mailed links), so the real owner takes over nothing the previous holder set up. So does linking
 * an account whose password was not set by this address's proven owner (`passwordProvenFor`): one
 * typed at registration and only later confirmed by a click on the mailed link, or one set under
 * another email before the account moved here. The owner is mailed why password login stopped.
 * An unknown email is a 404 with userExists false, so that the client registers.
 */
export async function logInWithGoogle(input: {
  googleToken: string;
  nonceSecret?: string;
  email: string;
  photoURL?: string;
}): Promise<SignedIn> {
  const identity = await verifyGoogleIdToken(input.googleToken, input.nonceSecret);
  if (users.normalizeEmail(identity.email) !== users.normalizeEmail(input.email)) throw new Invalid('Google sign-in failed');
  const [googleClaim, emailClaim] = await batchGet([users.claimKey('google', identity.sub), users.claimKey('email', identity.email)]);
  const userId = googleClaim?.userId ?? emailClaim?.userId;
  const account = userId ? await readAccount(String(userId)) : undefined;
  if (!account) throw new NotFound('Email not registered', { userExists: false });
  // The token signs in once; an unknown email (above) spends nothing, as the client registers with it next.
  await spendGoogleSignIn(identity.nonce);

  const { user } = account;
  if (!googleClaim && user.googleSub && user.googleSub !== identity.sub)
    throw new Invalid('This email is linked to another Google account');
  const link = !googleClaim;
  const foreignPassword = Boolean(user.passwordHash) && user.passwordProvenFor !== user.email;
  const takeOver = link && (!user.emailVerified || foreignPassword);
  const picture = safePhotoUrl(input.photoURL) ?? identity.picture;
  if (link || (picture && picture !== user.photoURL)) {
    const now = new Date().toISOString();
    const change = {
      photoURL: picture,
      ...(link ? { googleSub: identity.sub, emailVerified: true } : {}),
      ...(takeOver ? { passwordHash: null, passwordProvenFor: null, pendingEmail: null, revokeTokens: true } : {}),
    };
    await transact([users.updateProfileItem(user, change, now), ...(link ? [users.googleClaimItem(identity.sub, user.id, now)] : [])]);
    const linked = users.afterChange(user, change);
    if (takeOver && user.passwordHash) await sendPasswordRemovedNotice(linked);
    return signIn({ ...account, user: linked });
  }
  return signIn(account);
}
