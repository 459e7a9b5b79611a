import { logger } from '../shared/logger';
import { smsCredentials } from '../shared/secrets';
import { type SentMessage, SmsError, type SmsProvider, type TextMessage } from './port';

const name = 'smsnetbd';

/** How long one send may take before its outcome is `unknown`: well under the 10 s of the functions that send. */
export const sendTimeoutMs = 5_000;

/** The codes that refuse this message for good (sms.net.bd/api, "Error Codes"): sending it again changes nothing. */
const refusals: Record<number, string> = {
  414: 'the message is empty',
  415: 'the message is too long',
  416: 'no valid number',
  420: 'the content is blocked',
};

/** What the operator must do about a code that stops every message: nothing was sent. */
const operatorActions: Record<number, string> = {
  400: 'sms.net.bd rejected a missing or invalid parameter: check the adapter against its API',
  403: 'the account has no permission for this request: ask sms.net.bd',
  404: 'sms.net.bd found no such resource: check SMS_API_URL',
  405: 'the API key was refused: put the key from the sms.net.bd panel in the SMS secret',
  409: 'sms.net.bd failed on its side: wait, and ask its support if it lasts',
  410: 'the sms.net.bd account has expired: renew it',
  411: 'the reseller account has expired or is suspended: ask the reseller',
  412: 'sms.net.bd refused the schedule: check the adapter',
  413: 'the sender id is not approved for this account: fix senderId in the SMS secret, or leave it empty for the default sender',
  417: 'the balance is too low: top up the sms.net.bd balance',
  421: 'the account sends only to its registered number until its first recharge: top up the sms.net.bd balance',
};

/** A number for logs: the operator and the last two digits (`017******12`), never the whole number. */
export const maskedMobile = (number: string) =>
  number.length > 5 ? `${number.slice(0, 3)}${'*'.repeat(number.length - 5)}${number.slice(-2)}` : '*'.repeat(number.length);

/** The 13-digit form the API takes (`8801XXXXXXXXX`) of the shop's eleven national digits; undefined for anything else. */
const internationalOf = (to: string) => (/^01[3-9]\d{8}$/.test(to) ? `88${to}` : undefined);

/** The API's answer envelope. */
interface Answer {
  error?: unknown;
  msg?: unknown;
  data?: { request_id?: unknown };
}

/**
 * The adapter of sms.net.bd (Alpha SMS): `POST /sendsms` with a form body (the key, the text, the
 * number as 8801XXXXXXXXX, the sender id when the secret names one). Every answer is HTTP 200 with
 * `error` 0 or a documented code: the codes of this message (414, 415, 416, 420) are `refused`, every
 * other (the key, the balance, the sender id, the account, the server's 409) `unavailable` with a
 * log line telling the operator what to do. No answer at all is `unavailable` when the request
 * never left (refused connection, DNS) or came back 5xx, and `unknown` after the timeout or for a
 * 200 we cannot read: the message may have gone. Base URL from `apiUrl` (tests) or SMS_API_URL.
 */
export function smsNetBd({
  apiUrl = process.env.SMS_API_URL || 'https://api.sms.net.bd',
  timeoutMs = sendTimeoutMs,
}: {
  apiUrl?: string;
  timeoutMs?: number;
} = {}): SmsProvider {
  const baseUrl = apiUrl.replace(/\/+$/, '');

  async function send(message: TextMessage): Promise<SentMessage> {
    const about = { provider: name, reference: message.reference, to: maskedMobile(message.to) };
    const to = internationalOf(message.to);
    if (!to) throw new SmsError('Not a Bangladeshi mobile number', 'refused');
    const { apiKey, senderId } = await smsCredentials();
    if (!apiKey) {
      logger.error('the SMS API key is not set: put it in the SMS secret (docs/notifications/sms.md)', about);
      throw new SmsError('The SMS provider is not configured', 'unavailable');
    }
    const form = new URLSearchParams({ api_key: apiKey, msg: message.text, to });
    if (senderId) form.set('sender_id', senderId);

    let response: Response;
    let answer: Answer | undefined;
    try {
      response = await fetch(`${baseUrl}/sendsms`, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
      // Read under the same timeout: a body that never ends is a timeout too.
      answer = response.ok ? ((await response.json()) as Answer) : undefined;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        logger.warn('sms.net.bd did not answer in time: the message may have gone, not sent again', about);
        throw new SmsError('The SMS provider did not answer in time', 'unknown');
      }
      if (error instanceof SyntaxError) {
        logger.warn('sms.net.bd answered 200 with a body we cannot read: the message may have gone', about);
        throw new SmsError('The SMS provider answered something we cannot read', 'unknown');
      }
      logger.warn('sms.net.bd could not be reached', about);
      throw new SmsError('The SMS provider could not be reached', 'unavailable');
    }
    if (!answer) {
      logger.warn('sms.net.bd answered an HTTP error', { ...about, status: response.status });
      throw new SmsError(`The SMS provider failed (HTTP ${response.status})`, 'unavailable');
    }

    const code = typeof answer.error === 'number' || typeof answer.error === 'string' ? Number(answer.error) : Number.NaN;
    const requestId = answer.data?.request_id;
    if (code === 0 && (typeof requestId === 'number' || (typeof requestId === 'string' && requestId !== ''))) {
      logger.info('sms accepted', { ...about, providerId: String(requestId) });
      return { provider: name, providerId: String(requestId) };
    }
    if (!Number.isInteger(code) || code === 0) {
      logger.warn('sms.net.bd answered without an error code or a request id: the message may have gone', about);
      throw new SmsError('The SMS provider answered something we cannot read', 'unknown');
    }
    const refusal = refusals[code];
    if (refusal) {
      logger.warn('sms.net.bd refused the message', { ...about, code });
      throw new SmsError(`The SMS provider refused the message (${code}: ${refusal})`, 'refused');
    }
    logger.error('sms.net.bd refused the request: nothing was sent', {
      ...about,
      code,
      action: operatorActions[code] ?? 'a code sms.net.bd does not document: read its panel and its API page',
    });
    throw new SmsError(`The SMS provider refused the request (${code})`, 'unavailable');
  }

  return { name, send };
}
