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
