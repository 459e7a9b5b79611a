import { sendMail } from '../../mail/mailer';
import type { User } from '../../users/repo';
import { createLink } from './links';

/** An address shown to someone who may not own the account: enough to recognise it, not to learn it. */
const masked = (email: string) => email.replace(/^(.).*(@.*)$/, '$1…$2');

/**
 * Mails the link that proves `to` (the account's address, or the new one it asked for) belongs to
 * the user. The address is not proved yet, so the mail greets generically and carries no text the
 * account chose; a change says plainly that the address joins an existing account.
 */
export async function sendVerification(user: User, to: string): Promise<void> {
  const link = await createLink(user, to, 'verify-email');
  const what =
    to === user.email
      ? `Please confirm that ${to} is your email address for your shop account:`
      : `Someone asked to move the existing shop account registered as ${masked(user.email)} to ${to}. Following this link attaches ${to} to that account: you would then sign in to it, not to an account of your own.`;
  await sendMail({
    to,
    subject: 'Confirm your email address',
    text: `Hello,\n\n${what}\n\n${link}\n\nThe link works once, for two days. If you did not ask for it, ignore this email.`,
  });
}

/** Mails the link that sets a new password (it works once, for thirty minutes). */
export async function sendPasswordReset(user: User): Promise<void> {
  const link = await createLink(user, user.email, 'reset-password');
  await sendMail({
    to: user.email,
    subject: 'Set a new password',
    text: `Hello ${user.name},\n\nSomeone (we hope you) asked to set a new password for your shop account. Follow this link to choose one:\n\n${link}\n\nThe link works once, for thirty minutes, and signs you out everywhere else. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}

/**
 * Tells the owner's proved address that a move to `to` was asked for, with the one-click "this
 * wasn't me" that cancels it and signs out everywhere. `user` is the account as the request left it.
 */
export async function sendEmailChangeNotice(user: User, to: string): Promise<void> {
  if (!user.emailVerified) return;
  const link = await createLink(user, user.email, 'cancel-email-change');
  await sendMail({
    to: user.email,
    subject: 'Your email address is being changed',
    text: `Hello ${user.name},\n\nSomeone signed in to your shop account asked to change its email address to ${to}. It changes once that address is confirmed.\n\nIf this wasn't you, follow this link to cancel the change and sign out everywhere:\n\n${link}\n\nThen set a new password.`,
  });
}

/** Tells the previous address that the account's email is now `to`. */
export async function sendEmailChangedNotice(user: User, previousEmail: string): Promise<void> {
  await sendMail({
    to: previousEmail,
    subject: 'Your email address was changed',
    text: `Hello ${user.name},\n\nThe email address of your shop account is now ${user.email}, and every session was signed out. If this wasn't you, contact the shop's support at once.`,
  });
}

/**
 * Tells the address Google just proved that the password someone set before it was proved is
 * gone (a takeover): the owner learns why password login stopped and how to set their own.
 */
export async function sendPasswordRemovedNotice(user: User): Promise<void> {
  await sendMail({
    to: user.email,
    subject: 'Your shop account is now signed in with Google',
    text: `Hello ${user.name},\n\nYou signed in with Google. This account had a password that was not proved to be yours (it was typed when the account was registered, before anyone confirmed this address), so it was removed and every other session was signed out. Sign in with Google from now on, or set a password of your own under Profile.`,
  });
}
