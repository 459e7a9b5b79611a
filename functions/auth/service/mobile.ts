import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { toBengaliDigits } from '../../contract/format';
import { googlePlaceholderMobile, isBangladeshiMobile, mobileCodeRules, typedMobileCode } from '../../contract/rules';
import { siteUrl } from '../../shared/config';
import { Conflict, Invalid, ServiceUnavailable, TooManyRequests } from '../../shared/errors';
import { logger } from '../../shared/logger';
import { type RateLimit, tryAgainIn } from '../../shared/rate-limit';
import { keyRing } from '../../shared/secrets';
import { TransactionCancelled, transact } from '../../shared/transactions';
import { SmsError } from '../../sms/port';
import { smsProvider } from '../../sms/registry';
import type { ActiveUser } from '../../users/active-user';
import * as users from '../../users/repo';
import { reserve } from './attempts';

/**
 * The one budget of texts: per account and per number texted, both taken before anything is
 * written or sent (a text costs money and reaches a phone that may not be the caller's).
 */
const textsPerUser: RateLimit = { name: 'mobile-code', max: 5, windowSeconds: 3600, message: tryAgainIn('Too many codes asked for.') };
const textsPerNumber: RateLimit = {
  name: 'mobile-number',
  max: 3,
  windowSeconds: 3600,
  message: tryAgainIn('Too many codes sent to this number.'),
};

const refusals = {
  placeholder: 'Add your mobile number to your profile first',
  notBangladeshi: 'Only a Bangladeshi mobile number (01XXXXXXXXX) can be verified',
  alreadyVerified: 'Your mobile number is already verified',
  wait: 'A code was sent less than a minute ago. Please wait before asking for a new one.',
  undeliverable: 'We could not send a text to this number. Please check your mobile number.',
  unavailable: 'Text messages cannot be sent right now. Please try again in a few minutes.',
  malformed: 'Enter the 6-digit code we texted you',
  expired: 'This code has expired or was tried too often. Ask for a new one.',
  wrong: 'This code is not right. Please check it and try again.',
} as const;

const codeHash = (key: Uint8Array, userId: string, mobileNo: string, code: string) =>
  createHmac('sha256', key).update(`${userId}:${mobileNo}:${code}`).digest('base64url');

/**
 * The text: the code, its lifetime, a warning, and the Web OTP line (`@host #code`, last) that lets
 * Chrome on Android offer the code to the shop's own page, and only to it.
 */
function codeText(code: string, language: 'bn' | 'en'): string {
  const origin = `@${new URL(siteUrl()).host} #${code}`;
  const minutes = String(mobileCodeRules.lifetimeMinutes);
  return language === 'bn'
    ? `আপনার যাচাই কোড ${code}। ${toBengaliDigits(minutes)} মিনিট কাজ করবে। কাউকে জানাবেন না।\n\n${origin}`
    : `Your verification code is ${code}. It works for ${minutes} minutes. Do not share it.\n\n${origin}`;
}

/**
 * Texts a new code to the account's mobile number: the budget first, then the code's record
 * (replacing an older code, unless that went out less than a minute ago), then one message. A
 * message the provider refused or never took leaves no code behind; one that may have gone
 * (`unknown`) keeps it, since the shopper may be holding it, and is never sent again by us.
 */
export async function sendMobileCode(user: ActiveUser): Promise<string> {
  const mobileNo = user.mobileNo;
  if (mobileNo === googlePlaceholderMobile) throw new Invalid(refusals.placeholder, { mobile_no: refusals.placeholder });
  if (!isBangladeshiMobile(mobileNo)) throw new Invalid(refusals.notBangladeshi, { mobile_no: refusals.notBangladeshi });
  if (users.verifiedMobileOf(user)) throw new Conflict(refusals.alreadyVerified);
  await reserve([
    { limit: textsPerUser, key: user.id },
    { limit: textsPerNumber, key: mobileNo },
  ]);
  const code = String(randomInt(0, 10 ** mobileCodeRules.digits)).padStart(mobileCodeRules.digits, '0');
  const { current } = await keyRing();
  const now = Date.now();
  const record: users.MobileCode = {
    mobileNo,
    codeHash: codeHash(current.codeKey, user.id, mobileNo, code),
    keyId: current.id,
    expiresAt: Math.floor(now / 1000) + mobileCodeRules.lifetimeMinutes * 60,
    sentAt: now,
    attempts: 0,
  };
  try {
    await users.putMobileCode(user.id, record, mobileCodeRules.resendGapSeconds * 1000, new Date(now).toISOString());
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException')
      throw new TooManyRequests(refusals.wait, mobileCodeRules.resendGapSeconds);
    throw error;
  }
  try {
    await smsProvider.send({ to: mobileNo, text: codeText(code, user.language ?? 'en'), reference: `mobile-code#${user.id}` });
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    if (error.kind === 'unknown') {
      logger.warn('a verification text may not have gone; not sent again', { userId: user.id });
      return mobileNo;
    }
    await users.deleteMobileCode(user.id, record.codeHash).catch(() => undefined);
    if (error.kind === 'refused') throw new Invalid(refusals.undeliverable, { mobile_no: refusals.undeliverable });
    throw new ServiceUnavailable(refusals.unavailable);
  }
  return mobileNo;
}

/**
 * Checks a typed code against the account's: each try is counted before it is compared (so
 * parallel guesses get five comparisons in all), and the right one, for the number the account
 * still has, records that number as verified and spends the code in one transaction.
 */
export async function verifyMobileCode(user: ActiveUser, typed: string): Promise<string> {
  const code = typedMobileCode(typed);
  if (!code) throw new Invalid(refusals.malformed, { code: refusals.malformed });
  const now = Date.now();
  const record = await users.tryMobileCode(user.id, mobileCodeRules.maxTries, Math.floor(now / 1000));
  const key = record && (await keyRing()).get(record.keyId);
  if (!record || !key || record.mobileNo !== user.mobileNo) throw new Invalid(refusals.expired, { code: refusals.expired });
  const expected = Buffer.from(record.codeHash);
  const given = Buffer.from(codeHash(key.codeKey, user.id, record.mobileNo, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Invalid(refusals.wrong, { code: refusals.wrong });
  try {
    await transact(users.mobileVerifiedItems(user, record, new Date(now).toISOString()));
  } catch (error) {
    // The number changed, or the code was spent by a parallel try of the same code: either way this one proves nothing now.
    if (error instanceof TransactionCancelled) throw new Invalid(refusals.expired, { code: refusals.expired });
    throw error;
  }
  return record.mobileNo;
}
