import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requiredEnv } from '../shared/config';
import { logger } from '../shared/logger';

/** The shop's sender address (verified in SES for the stage). */
const from = requiredEnv('MAIL_FROM');

/** Amazon SES v2 in the cloud; on the local stack its SES v2 emulator (aws-ses-v2-local), through the SDK's own AWS_ENDPOINT_URL_SESV2. */
const ses = new SESv2Client({});

export interface Mail {
  to: string;
  subject: string;
  /** Plain text: the links in it are the whole point, and text shows in every mail app. */
  text: string;
  /** An HTML part beside the text (receipts), for the mail apps that show it. */
  html?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: { name: string; value: string }[];
}

/** Sends one e-mail. The log line names the subject only: the body carries single-use links. */
export async function sendMail(mail: Mail): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
          ...(mail.headers ? { Headers: mail.headers.map((header) => ({ Name: header.name, Value: header.value })) } : {}),
        },
      },
    }),
  );
  logger.info('mail sent', { subject: mail.subject });
}
