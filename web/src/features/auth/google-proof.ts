import { chooseGoogleAccount } from './google-sign-in';

/** A Google sign-in just now, as the proof a Google-only account gives for a new email or password. */
export async function googleProof(): Promise<{ google_token: string }> {
  const credential = await chooseGoogleAccount();
  return { google_token: credential.idToken };
}
