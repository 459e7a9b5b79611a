import { type Mail, sendMail } from '../../mail/mailer';
import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import type { User } from '../../users/repo';
import { type MailTopic, mailTopicOf, unsubscribeToken, wantsMail } from '../mail-settings';
import { type Notification, type Receipt, notificationKey } from '../repo';
import { sendOnce } from './claim';

const topicWords: Record<MailTopic, string> = {
  delivery_updates: 'delivery updates',
  payment_updates: 'cancelled-payment notices',
};

const taka = (amount: number) => `৳${amount.toLocaleString('en-IN')}`;

/** A receipt's time as a shopper here reads it: Bangladesh time, whatever the server's zone. */
export const dhakaTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))} (Dhaka time)`;

/** A receipt's lines, label and value, in the order a shopper checks them. */
function receiptLines(receipt: Receipt): [string, string][] {
  return [
    ['Order', receipt.reference],
    ['Item', receipt.item],
    ...(receipt.playerId ? ([['Player ID', receipt.playerId]] as [string, string][]) : []),
    ['Amount', taka(receipt.amount)],
    ['Paid with', receipt.paidWith],
    ...(receipt.gatewayTransactionId ? ([['Transaction ID', receipt.gatewayTransactionId]] as [string, string][]) : []),
    ['Time', dhakaTime(receipt.paidAt)],
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/**
 * The mail of a notification, plain text and HTML: its words, the receipt where it has one (the
 * codes with it: this mail goes only to a proven address), a link to its page, and, for mail the
 * shopper may turn off, a one-click unsubscribe link (RFC 8058 headers and a link in the footer).
 */
export function noticeMail(notification: Notification, to: string, unsubscribeUrl?: string): Mail {
  const site = siteUrl();
  const page = `${site}${notification.link}`;
  const receipt = notification.receipt;
  const lines = receipt ? receiptLines(receipt) : [];
  const codes = receipt?.codes ?? [];
  const topic = mailTopicOf(notification.kind);
  const why = `You get this mail because it is about your account at ${site}.`;
  const stop = unsubscribeUrl && topic ? `To stop ${topicWords[topic]} by e-mail: ${unsubscribeUrl}` : '';

  const text = [
    notification.body,
    lines.length > 0 ? ['Receipt', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n') : '',
    codes.length > 0 ? [`Your code${codes.length > 1 ? 's' : ''}:`, ...codes].join('\n') : '',
    `View it in your account: ${page}`,
    [why, stop].filter(Boolean).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(notification.title)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(notification.title)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(notification.body)}</p>
${
  lines.length > 0
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:0 0 16px">${lines
        .map(
          ([label, value]) =>
            `<tr><td style="${cell};color:#6b7280">${escapeHtml(label)}</td><td style="${cell};text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}${
  codes.length > 0
    ? `<p style="margin:0 0 8px;font-weight:bold">Your code${codes.length > 1 ? 's' : ''}</p>${codes
        .map(
          (code) =>
            `<p style="margin:0 0 8px;padding:10px;background:#f9fafb;border:1px dashed #9ca3af;border-radius:8px;font-family:monospace;font-size:16px">${escapeHtml(code)}</p>`,
        )
        .join('')}`
    : ''
}
<p style="margin:16px 0 0"><a href="${escapeHtml(page)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold">View in your account</a></p>
</div>
<p style="font-size:12px;color:#6b7280;line-height:1.5;margin:16px 8px">${escapeHtml(why)}${
    stop && unsubscribeUrl && topic
      ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Stop ${escapeHtml(topicWords[topic])} by e-mail</a>`
      : ''
  }</p>
</div></body></html>`;

  return { to, subject: notification.title, text, html };
}

/** The one-click unsubscribe of a topic: a page link for people, and the RFC 8058 POST target for mail apps. */
async function unsubscribeLinks(userId: string, topic: MailTopic) {
  const token = encodeURIComponent(await unsubscribeToken(userId, topic));
  return { page: `${siteUrl()}/unsubscribe?token=${token}`, oneClick: `${siteUrl()}/api/mail/unsubscribe?token=${token}` };
}

/** Mails a notification once, only to an address its owner proved, and only if they want its kind of mail. */
export async function mailNotification(notification: Notification, user: User | undefined): Promise<boolean> {
  if (!user?.email || !user.emailVerified || !wantsMail(user, notification.kind)) return false;
  const to = user.email;
  const topic = mailTopicOf(notification.kind);
  const mailed = await sendOnce(notificationKey(notification), 'mail', async () => {
    const links = topic && (await unsubscribeLinks(user.id, topic));
    const mail = noticeMail(notification, to, links ? links.page : undefined);
    await sendMail(
      links
        ? {
            ...mail,
            headers: [
              { name: 'List-Unsubscribe', value: `<${links.oneClick}>` },
              { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
            ],
          }
        : mail,
    );
  });
  if (mailed) logger.info('notification mailed', { notificationId: notification.id, kind: notification.kind });
  return mailed;
}
