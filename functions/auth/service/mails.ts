import type { Language } from '../../contract/fields';
import { sendMail } from '../../mail/mailer';
import type { User } from '../../users/repo';
import { createLink } from './links';

/** The account's mails are in the shop's language it chose (English for accounts from before the choice). */
const languageOf = (user: User): Language => user.language ?? 'en';

/** An address shown to someone who may not own the account: enough to recognise it, not to learn it. */
const masked = (email: string) => email.replace(/^(.).*(@.*)$/, '$1…$2');

/**
 * Mails the link that proves `to` (the account's address, or the new one it asked for) belongs to
 * the user. The address is not proved yet, so the mail greets generically and carries no text the
 * account chose; a change says plainly that the address joins an existing account.
 */
export async function sendVerification(user: User, to: string): Promise<void> {
  const link = await createLink(user, to, 'verify-email');
  const own = to === user.email;
  await sendMail(
    languageOf(user) === 'bn'
      ? {
          to,
          subject: 'আপনার ইমেইল ঠিকানা নিশ্চিত করুন',
          text: `হ্যালো,\n\n${
            own
              ? `দয়া করে নিশ্চিত করুন যে ${to} আপনার শপ অ্যাকাউন্টের ইমেইল ঠিকানা:`
              : `${masked(user.email)} দিয়ে রেজিস্টার করা একটি শপ অ্যাকাউন্ট ${to}-এ সরানোর অনুরোধ এসেছে। এই লিংকে গেলে ${to} সেই অ্যাকাউন্টের সাথে যুক্ত হবে: এরপর আপনি সেই অ্যাকাউন্টেই লগইন করবেন, নিজের আলাদা অ্যাকাউন্টে নয়।`
          }\n\n${link}\n\nলিংকটি একবারই কাজ করবে, দুই দিনের জন্য। আপনি অনুরোধ না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।`,
        }
      : {
          to,
          subject: 'Confirm your email address',
          text: `Hello,\n\n${
            own
              ? `Please confirm that ${to} is your email address for your shop account:`
              : `Someone asked to move the existing shop account registered as ${masked(user.email)} to ${to}. Following this link attaches ${to} to that account: you would then sign in to it, not to an account of your own.`
          }\n\n${link}\n\nThe link works once, for two days. If you did not ask for it, ignore this email.`,
        },
  );
}

/** Mails the link that sets a new password (it works once, for thirty minutes). */
export async function sendPasswordReset(user: User): Promise<void> {
  const link = await createLink(user, user.email, 'reset-password');
  await sendMail(
    languageOf(user) === 'bn'
      ? {
          to: user.email,
          subject: 'নতুন পাসওয়ার্ড সেট করুন',
          text: `হ্যালো ${user.name},\n\nকেউ (আশা করি আপনিই) আপনার শপ অ্যাকাউন্টের জন্য নতুন পাসওয়ার্ড সেট করতে চেয়েছেন। নতুন পাসওয়ার্ড বেছে নিতে এই লিংকে যান:\n\n${link}\n\nলিংকটি একবারই কাজ করবে, ত্রিশ মিনিটের জন্য, আর অন্য সব জায়গা থেকে আপনাকে লগ আউট করে দেবে। আপনি অনুরোধ না করে থাকলে এই ইমেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।`,
        }
      : {
          to: user.email,
          subject: 'Set a new password',
          text: `Hello ${user.name},\n\nSomeone (we hope you) asked to set a new password for your shop account. Follow this link to choose one:\n\n${link}\n\nThe link works once, for thirty minutes, and signs you out everywhere else. If you did not ask for it, ignore this email: your password stays as it is.`,
        },
  );
}

/**
 * Tells the owner's proved address that a move to `to` was asked for, with the one-click "this
 * wasn't me" that cancels it and signs out everywhere. `user` is the account as the request left it.
 */
export async function sendEmailChangeNotice(user: User, to: string): Promise<void> {
  if (!user.emailVerified) return;
  const link = await createLink(user, user.email, 'cancel-email-change');
  await sendMail(
    languageOf(user) === 'bn'
      ? {
          to: user.email,
          subject: 'আপনার ইমেইল ঠিকানা বদলানো হচ্ছে',
          text: `হ্যালো ${user.name},\n\nআপনার শপ অ্যাকাউন্টে লগইন করা কেউ এর ইমেইল ঠিকানা ${to}-এ বদলাতে চেয়েছেন। ওই ঠিকানা নিশ্চিত হলেই এটি বদলাবে।\n\nএটা আপনি না হলে, পরিবর্তন বাতিল করতে আর সব জায়গা থেকে লগ আউট করতে এই লিংকে যান:\n\n${link}\n\nতারপর নতুন পাসওয়ার্ড সেট করুন।`,
        }
      : {
          to: user.email,
          subject: 'Your email address is being changed',
          text: `Hello ${user.name},\n\nSomeone signed in to your shop account asked to change its email address to ${to}. It changes once that address is confirmed.\n\nIf this wasn't you, follow this link to cancel the change and sign out everywhere:\n\n${link}\n\nThen set a new password.`,
        },
  );
}

/** Tells the previous address that the account's email is now `to`. */
export async function sendEmailChangedNotice(user: User, previousEmail: string): Promise<void> {
  await sendMail(
    languageOf(user) === 'bn'
      ? {
          to: previousEmail,
          subject: 'আপনার ইমেইল ঠিকানা বদলানো হয়েছে',
          text: `হ্যালো ${user.name},\n\nআপনার শপ অ্যাকাউন্টের ইমেইল ঠিকানা এখন ${user.email}, আর সব সেশন থেকে লগ আউট করা হয়েছে। এটা আপনি না করে থাকলে এখনই শপের সাপোর্টে যোগাযোগ করুন।`,
        }
      : {
          to: previousEmail,
          subject: 'Your email address was changed',
          text: `Hello ${user.name},\n\nThe email address of your shop account is now ${user.email}, and every session was signed out. If this wasn't you, contact the shop's support at once.`,
        },
  );
}

/**
 * Tells the address Google just proved that the password someone set before it was proved is
 * gone (a takeover): the owner learns why password login stopped and how to set their own.
 */
export async function sendPasswordRemovedNotice(user: User): Promise<void> {
  await sendMail(
    languageOf(user) === 'bn'
      ? {
          to: user.email,
          subject: 'আপনার শপ অ্যাকাউন্টে এখন Google দিয়ে লগইন হয়',
          text: `হ্যালো ${user.name},\n\nআপনি Google দিয়ে লগইন করেছেন। এই অ্যাকাউন্টে এমন একটি পাসওয়ার্ড ছিল যা আপনার বলে প্রমাণ হয়নি (অ্যাকাউন্ট রেজিস্টার করার সময় দেওয়া, এই ঠিকানা কেউ নিশ্চিত করার আগে), তাই সেটি সরিয়ে দেওয়া হয়েছে আর অন্য সব সেশন থেকে লগ আউট করা হয়েছে। এখন থেকে Google দিয়ে লগইন করুন, অথবা প্রোফাইলে গিয়ে নিজের পাসওয়ার্ড সেট করুন।`,
        }
      : {
          to: user.email,
          subject: 'Your shop account is now signed in with Google',
          text: `Hello ${user.name},\n\nYou signed in with Google. This account had a password that was not proved to be yours (it was typed when the account was registered, before anyone confirmed this address), so it was removed and every other session was signed out. Sign in with Google from now on, or set a password of your own under Profile.`,
        },
  );
}
