import { Invalid } from '../../shared/errors';
import type { User } from '../../users/repo';
import { verifyGoogleIdToken } from '../google';
import { spendGoogleSignIn } from '../google-nonce';
import { checkPassword } from './attempts';

/** What a sensitive change carries to prove the caller is the owner now, not only a session. */
export interface FreshProof {
  password?: string;
  googleToken?: string;
  /** The secret of the Google sign-in's nonce, from this browser's cookie. */
  nonceSecret?: string;
}

/** How recent a Google sign-in must be to count as proof. */
const googleProofSeconds = 5 * 60;

/**
 * The proof a change of who holds the account needs (a new email, a first password): the current
 * password when the account has one (counted against its login limit), else a Google ID token of
 * the account's own Google identity signed within the last few minutes, verified as log-in does
 * and spent once.
 * A stolen session token alone proves nothing.
 */
export async function requireFreshProof(user: User, proof: FreshProof): Promise<void> {
  if (user.passwordHash) {
    if (!proof.password) throw new Invalid('Current password is required', { password: 'Current password is required' });
    if (!(await checkPassword(user, proof.password)))
      throw new Invalid('Current password is incorrect', { password: 'Current password is incorrect' });
    return;
  }
  const again = 'Please sign in with Google again to confirm this change';
  if (!proof.googleToken || !user.googleSub) throw new Invalid(again, { google_token: again });
  const identity = await verifyGoogleIdToken(proof.googleToken, proof.nonceSecret);
  if (identity.sub !== user.googleSub || Date.now() / 1000 - identity.issuedAt > googleProofSeconds)
    throw new Invalid(again, { google_token: again });
  await spendGoogleSignIn(identity.nonce);
}
