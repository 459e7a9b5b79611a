/**
 * "Find my orders", first step: a one-time code to a contact that has guest orders, by mail or
 * text (./guest-orders.ts opens the orders with it). Asking answers the same whatever the contact has.
 */
import { randomInt } from 'node:crypto';
import { toBengaliDigits } from '../contract/format';
import type { Language } from '../contract/fields';
import type { GuestContact } from '../contract/rules';
import { sendMail } from '../mail/mailer';
import { logger } from '../shared/logger';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { keyRing } from '../shared/secrets';
import { SmsError } from '../sms/port';
import { smsProvider } from '../sms/registry';
import { deleteGuestOrdersCode, putGuestOrdersCode } from './guest-code-repo';
import { guestCodeHash, guestCodeRules, guestOrdersOf, perAddress } from './guest-orders';
import { guestIdOf } from './guests';

/** Codes asked for one contact, and from one address, taken before anything is looked at (a code costs a message and reaches someone). */
const askedPerContact: RateLimit = {
  name: 'guest-find-contact',
  max: 3,
  windowSeconds: 3600,
  message: tryAgainIn('Too many codes asked for.'),
};
const askedPerAddress: RateLimit = {
  name: 'guest-find-address',
  max: perAddress,
  windowSeconds: 3600,
  message: tryAgainIn('Too many codes asked for from this network.'),
};
/** The message with the code, in the asker's language: what it opens, its life, and a warning. */
function codeMessage(code: string, language: Language): { subject: string; text: string } {
  const minutes = String(guestCodeRules.lifetimeMinutes);
  return language === 'bn'
    ? {
        subject: 'আপনার অর্ডার দেখার কোড',
        text: `আপনার অর্ডারগুলো দেখার কোড ${code}। ${toBengaliDigits(minutes)} মিনিট কাজ করবে। কাউকে জানাবেন না।`,
      }
    : {
        subject: 'Your code to see your orders',
        text: `Your code to see your orders is ${code}. It works for ${minutes} minutes. Do not share it.`,
      };
}

/** Sends the code to the contact; false when it certainly did not go (the code is then removed). */
async function sendCode(contact: GuestContact, guestId: string, code: string, language: Language): Promise<boolean> {
  const message = codeMessage(code, language);
  if (contact.kind === 'email') {
    await sendMail({ to: contact.value, ...message });
    return true;
  }
  try {
    await smsProvider.send({ to: contact.value, text: message.text, reference: `guest-orders-code#${guestId}` });
    return true;
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    // One that may have gone is kept (the guest may hold it) and never sent again by us.
    logger.warn('a guest orders code was not texted', { guestId, kind: error.kind });
    return error.kind === 'unknown';
  }
}

/**
 * Sends a one-time code to a contact that has guest orders: both budgets first (whatever the
 * contact has), then the code's record (none within a minute of the last), then one message.
 */
export async function sendGuestOrdersCode(contact: GuestContact, clientIp: string, language: Language): Promise<void> {
  await takeAttempt(askedPerAddress, clientIp);
  await takeAttempt(askedPerContact, `${contact.kind}:${contact.value}`);
  const guestId = guestIdOf(contact);
  const [newest] = await guestOrdersOf(guestId, 1);
  if (!newest) return;
  const code = String(randomInt(0, 10 ** guestCodeRules.digits)).padStart(guestCodeRules.digits, '0');
  const { current } = await keyRing();
  const now = Date.now();
  const record = {
    codeHash: guestCodeHash(current.codeKey, guestId, code),
    keyId: current.id,
    expiresAt: Math.floor(now / 1000) + guestCodeRules.lifetimeMinutes * 60,
    sentAt: now,
    attempts: 0,
  };
  if (!(await putGuestOrdersCode(guestId, record, guestCodeRules.resendGapSeconds * 1000, new Date(now).toISOString()))) return;
  const sent = await sendCode(contact, guestId, code, language).catch((error: unknown) => {
    logger.warn('a guest orders code was not mailed', { guestId, reason: (error as Error).message });
    return false;
  });
  if (!sent) await deleteGuestOrdersCode(guestId, record.codeHash).catch(() => undefined);
}
