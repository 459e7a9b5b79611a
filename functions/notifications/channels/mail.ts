import type { Language } from '../../contract/fields';
import { taka } from '../../contract/format';
import { type Mail, sendMail } from '../../mail/mailer';
import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import type { User } from '../../users/repo';
import { type MailTopic, mailTopicOf, unsubscribeToken, wantsMail } from '../mail-settings';
import { type Notification, type Receipt, notificationKey, wordsIn } from '../repo';
import { sendOnce } from './claim';

/** The mail's own words in each of the shop's languages (the notification brings its own). */
const mailWords = {
  en: {
    topics: { delivery_updates: 'delivery updates', payment_updates: 'cancelled-payment notices' } satisfies Record<MailTopic, string>,
    receipt: 'Receipt',
    order: 'Order',
    item: 'Item',
    playerId: 'Player ID',
    amount: 'Amount',
    listPrice: 'List price',
    discount: (code: string | undefined) => (code ? `Discount (${code})` : 'Sale discount'),
    paidWith: 'Paid with',
    wallet: 'Wallet',
    transactionId: 'Transaction ID',
    time: 'Time',
    dhakaTime: (time: string) => `${time} (Dhaka time)`,
    codes: (count: number) => `Your code${count > 1 ? 's' : ''}`,
    viewIt: 'View it in your account',
    view: 'View in your account',
    why: (site: string) => `You get this mail because it is about your account at ${site}.`,
    stop: (topic: string) => `To stop ${topic} by e-mail`,
    stopLink: (topic: string) => `Stop ${topic} by e-mail`,
  },
  bn: {
    topics: { delivery_updates: 'ডেলিভারির খবর', payment_updates: 'বাতিল পেমেন্টের খবর' } satisfies Record<MailTopic, string>,
    receipt: 'রসিদ',
    order: 'অর্ডার',
    item: 'পণ্য',
    playerId: 'প্লেয়ার আইডি',
    amount: 'পরিমাণ',
    listPrice: 'আসল দাম',
    discount: (code: string | undefined) => (code ? `ছাড় (${code})` : 'অফারের ছাড়'),
    paidWith: 'পেমেন্ট মাধ্যম',
    wallet: 'ওয়ালেট',
    transactionId: 'ট্রানজেকশন আইডি',
    time: 'সময়',
    dhakaTime: (time: string) => `${time} (ঢাকার সময়)`,
    codes: () => 'আপনার কোড',
    viewIt: 'আপনার অ্যাকাউন্টে দেখুন',
    view: 'অ্যাকাউন্টে দেখুন',
    why: (site: string) => `আপনি এই ইমেইল পাচ্ছেন কারণ এটি ${site}-এ আপনার অ্যাকাউন্ট নিয়ে।`,
    stop: (topic: string) => `ইমেইলে ${topic} বন্ধ করতে`,
    stopLink: (topic: string) => `ইমেইলে ${topic} বন্ধ করুন`,
  },
} as const;

/** A receipt's time as a shopper here reads it: Bangladesh time, whatever the server's zone, in their language. */
export const dhakaTime = (iso: string, language: Language = 'en') =>
  mailWords[language].dhakaTime(
    new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      timeZone: 'Asia/Dhaka',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso)),
  );

/** A receipt's lines, label and value, in the order a shopper checks them (ids, codes and names as they are). */
function receiptLines(receipt: Receipt, language: Language): [string, string][] {
  const words = mailWords[language];
  return [
    [words.order, receipt.reference],
    [words.item, receipt.item],
    ...(receipt.playerId ? ([[words.playerId, receipt.playerId]] as [string, string][]) : []),
    ...(receipt.listPrice !== undefined
      ? ([
          [words.listPrice, taka(receipt.listPrice, language)],
          [words.discount(receipt.coupanCode), taka(receipt.amount - receipt.listPrice, language)],
        ] as [string, string][])
      : []),
    [words.amount, taka(receipt.amount, language)],
    [words.paidWith, receipt.paidWith === 'Wallet' ? words.wallet : receipt.paidWith],
    ...(receipt.gatewayTransactionId ? ([[words.transactionId, receipt.gatewayTransactionId]] as [string, string][]) : []),
    [words.time, dhakaTime(receipt.paidAt, language)],
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/**
 * The mail of a notification, plain text and HTML: its words, the receipt where it has one (the
 * codes with it: this mail goes only to a proven address), a link to its page, and, for mail the
 * shopper may turn off, a one-click unsubscribe link (RFC 8058 headers and a link in the footer).
 */
export function noticeMail(notification: Notification, to: string, language: Language = 'en', unsubscribeUrl?: string): Mail {
  const site = siteUrl();
  const page = `${site}${notification.link}`;
  const words = mailWords[language];
  const { title, body } = wordsIn(notification, language);
  const receipt = notification.receipt;
  const lines = receipt ? receiptLines(receipt, language) : [];
  const codes = receipt?.codes ?? [];
  const topic = mailTopicOf(notification.kind);
  const why = words.why(site);
  const stop = unsubscribeUrl && topic ? `${words.stop(words.topics[topic])}: ${unsubscribeUrl}` : '';

  const text = [
    body,
    lines.length > 0 ? [words.receipt, ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n') : '',
    codes.length > 0 ? [`${words.codes(codes.length)}:`, ...codes].join('\n') : '',
    `${words.viewIt}: ${page}`,
    [why, stop].filter(Boolean).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:#ffffff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(body)}</p>
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
    ? `<p style="margin:0 0 8px;font-weight:bold">${escapeHtml(words.codes(codes.length))}</p>${codes
        .map(
          (code) =>
            `<p style="margin:0 0 8px;padding:10px;background:#f9fafb;border:1px dashed #9ca3af;border-radius:8px;font-family:monospace;font-size:16px">${escapeHtml(code)}</p>`,
        )
        .join('')}`
    : ''
}
<p style="margin:16px 0 0"><a href="${escapeHtml(page)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold">${escapeHtml(words.view)}</a></p>
</div>
<p style="font-size:12px;color:#6b7280;line-height:1.5;margin:16px 8px">${escapeHtml(why)}${
    stop && unsubscribeUrl && topic
      ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(words.stopLink(words.topics[topic]))}</a>`
      : ''
  }</p>
</div></body></html>`;

  return { to, subject: title, text, html };
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
    const mail = noticeMail(notification, to, user.language, links ? links.page : undefined);
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

/**
 * A guest's notice (their receipt) to the e-mail address they gave for it, once; a guest who gave
 * a mobile number is not mailed.
 */
export async function mailGuestNotification(notification: Notification): Promise<boolean> {
  const to = notification.to;
  if (to?.contact.kind !== 'email') return false;
  const mailed = await sendOnce(notificationKey(notification), 'mail', () =>
    sendMail(noticeMail(notification, to.contact.value, to.language)),
  );
  if (mailed) logger.info('guest notification mailed', { notificationId: notification.id, kind: notification.kind });
  return mailed;
}
