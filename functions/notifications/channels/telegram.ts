import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import { telegramBotToken } from '../../shared/secrets';
import type { AlertSettings } from '../alert-settings';
import { type Alert, alertKey } from '../alerts';
import { markSkipped, sendOnce } from './claim';

/** The Bot API's origin: Telegram's own, or the local stack's stand-in (TELEGRAM_API_URL). */
const apiBase = (process.env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, '');

/** How long one sendMessage may take before the stream's retry tries again. */
const sendTimeoutMs = 5_000;

/** Telegram could not take the message now (flood control's 429, a 5xx, no answer): the stream retries it. */
export class TelegramUnavailable extends Error {
  constructor(status: number, retryAfterSeconds?: number) {
    super(`Telegram answered ${status}${retryAfterSeconds === undefined ? '' : `, retry after ${retryAfterSeconds} s`}`);
    this.name = 'TelegramUnavailable';
  }
}

/** The Bot API's answer envelope. */
interface BotAnswer {
  ok?: boolean;
  description?: string;
  parameters?: { retry_after?: number };
}

/** The text operators read: what happened, and the console page that deals with it. */
export const alertMessage = (alert: Alert) => `${alert.text}\n${siteUrl()}${alert.link}`;

/**
 * Sends one message with the Bot API's sendMessage (plain text, no link preview). Answers true
 * when sent, false when Telegram refused it for good (a bad chat, the bot blocked or removed: a
 * 4xx other than 429), which is logged without the token and not retried; throws
 * TelegramUnavailable for a 429 or 5xx, so the stream's retry sends it later.
 */
async function sendMessage(token: string, chatId: string, text: string, alertId: string): Promise<boolean> {
  const response = await fetch(`${apiBase}/bot${token}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
    signal: AbortSignal.timeout(sendTimeoutMs),
  }).catch(() => {
    throw new TelegramUnavailable(0);
  });
  if (response.ok) return true;
  const answer = (await response.json().catch(() => ({}))) as BotAnswer;
  if (response.status === 429 || response.status >= 500) throw new TelegramUnavailable(response.status, answer.parameters?.retry_after);
  logger.error('telegram refused an alert; not retried', { alertId, status: response.status, description: answer.description });
  return false;
}

/**
 * Carries one alert to the operators' Telegram chat, once (claimed as `telegram` on the alert):
 * skipped, and marked so, when its kind is turned off, no chat is set or the bot token is missing.
 */
export async function telegramAlert(alert: Alert, settings: AlertSettings): Promise<'sent' | 'skipped' | 'refused' | 'already'> {
  const key = alertKey(alert.id);
  const wanted = alert.kind === 'test' || settings.kinds[alert.kind];
  const token = wanted && settings.chatId ? await telegramBotToken() : undefined;
  if (!wanted || !settings.chatId || !token) {
    const reason = !wanted ? 'kind turned off' : !settings.chatId ? 'no chat id' : 'no bot token';
    if (wanted && settings.chatId)
      logger.error('the telegram bot token is not set: put it in the telegram secret (README, Operator alerts)');
    await markSkipped(key, 'telegram', reason);
    return 'skipped';
  }
  let accepted = true;
  const claimed = await sendOnce(key, 'telegram', async () => {
    accepted = await sendMessage(token, settings.chatId, alertMessage(alert), alert.id);
  });
  if (!claimed) return 'already';
  if (accepted) logger.info('alert sent to telegram', { alertId: alert.id, kind: alert.kind });
  return accepted ? 'sent' : 'refused';
}
