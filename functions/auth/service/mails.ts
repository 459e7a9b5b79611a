import { sendMail } from '../../mail/mailer';
import type { User } from '../../users/repo';
import { createLink } from './links';

/** Mails the link that proves `to` (the account's address, or the new one it asked for) belongs to the user. */
export async function sendVerification(user: User, to: string): Promise<void> {
  const link = await createLink(user, to, 'verify-email');
  await sendMail({
    to,
    subject: 'Confirm your email address',
    text: `Hello ${user.name},\n\nPlease confirm that ${to} is your email address for your shop account:\n\n${link}\n\nThe link works once, for two days. If you did not ask for it, ignore this email.`,
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
