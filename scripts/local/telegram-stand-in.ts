import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { json, listenOnLoopback, readText } from './local-service';

export interface TelegramStandInOptions {
  /** The bot token the stand-in accepts, as BotFather hands it out (`<bot id>:<secret>`). */
  token: string;
  port?: number /* default 0 */;
}

/** A message the stand-in accepted, oldest first. */
export interface SentMessage {
  chat_id: number | string;
  text: string;
  parse_mode: string | null;
  /** When it was accepted, ISO 8601. */
  at: string;
}

export interface TelegramStandIn {
  url: string;
  stop(): Promise<void>;
  messages(): SentMessage[];
}

/** A failure queued by `POST /test/fail`: the next sendMessage answers it, once. */
type Failure = { status: 429; retry_after: number } | { status: 500 };

/** The parse modes the Bot API's "Formatting options" name. */
const parseModes = new Set(['MarkdownV2', 'HTML', 'Markdown']);
/** "Text of the message to be sent, 1-4096 characters after entities parsing." */
const maxTextLength = 4096;

/** The Bot API's failure envelope: `ok` false, `error_code` the HTTP status, a human-readable description. */
function fail(response: ServerResponse, status: number, description: string, parameters?: Record<string, unknown>) {
  json(response, status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
}

/**
 * The local stand-in for the Telegram Bot API, as its documentation describes it
 * (core.telegram.org/bots/api). It implements `sendMessage` only and keeps what it accepted in memory.
 *
 * - `POST /bot<token>/sendMessage` (also GET; parameters in the query string, an
 *   `application/x-www-form-urlencoded` body or a JSON body; method names are case-insensitive):
 *   `chat_id`, `text`, and the optional `parse_mode`, `disable_web_page_preview`,
 *   `link_preview_options` and `reply_markup` (an object, or in a form its JSON serialisation) →
 *   `{"ok":true,"result":{message_id, from, date, chat:{id, type:"private"}, text}}`.
 * - Failures use the API's envelope `{"ok":false,"error_code":n,"description":"…"}`: another token
 *   → 401 `Unauthorized`; an unknown method → 404 `Not Found`; a missing chat_id → 400
 *   `Bad Request: chat_id is empty`; a missing or empty text → 400 `Bad Request: message text is empty`;
 *   a text over 4096 characters → 400 `Bad Request: message is too long`; another parse_mode → 400
 *   `Bad Request: unsupported parse_mode`; a reply_markup that is not a JSON object → 400
 *   `Bad Request: can't parse reply keyboard markup JSON object`. A body that is not JSON, when it says
 *   it is, answers 400 `Bad Request: can't parse JSON` (the stand-in's wording, not taken from the docs).
 *
 * Shortcuts for tests, outside the API: `POST /test/fail` `{"status":429,"retry_after":3}` or
 * `{"status":500}` makes the next sendMessage fail that way once (queued, first in first out; 429
 * answers `Too Many Requests: retry after 3` with `parameters.retry_after`, as flood control does);
 * `GET /messages` lists every accepted message, oldest first.
 */
export async function startTelegramStandIn(options: TelegramStandInOptions): Promise<TelegramStandIn> {
  const { token, port = 0 } = options;
  const botId = Number(token.split(':')[0]) || 1;
  const sent: SentMessage[] = [];
  const failures: Failure[] = [];
  let nextMessageId = 1;

  function sendMessage(response: ServerResponse, params: Record<string, unknown>) {
    const failure = failures.shift();
    if (failure?.status === 429)
      return fail(response, 429, `Too Many Requests: retry after ${failure.retry_after}`, { retry_after: failure.retry_after });
    if (failure?.status === 500) return fail(response, 500, 'Internal Server Error');

    const chatId = chatIdOf(params.chat_id);
    if (chatId === null) return fail(response, 400, 'Bad Request: chat_id is empty');
    const text = typeof params.text === 'string' || typeof params.text === 'number' ? String(params.text) : '';
    if (text.trim() === '') return fail(response, 400, 'Bad Request: message text is empty');
    if (text.length > maxTextLength) return fail(response, 400, 'Bad Request: message is too long');
    const parseMode = typeof params.parse_mode === 'string' && params.parse_mode !== '' ? params.parse_mode : null;
    if (parseMode !== null && !parseModes.has(parseMode)) return fail(response, 400, 'Bad Request: unsupported parse_mode');
    if (params.reply_markup !== undefined && objectOf(params.reply_markup) === null)
      return fail(response, 400, "Bad Request: can't parse reply keyboard markup JSON object");

    const date = Math.floor(Date.now() / 1000);
    sent.push({ chat_id: chatId, text, parse_mode: parseMode, at: new Date().toISOString() });
    json(response, 200, {
      ok: true,
      result: {
        message_id: nextMessageId++,
        from: { id: botId, is_bot: true, first_name: 'Stand-in bot', username: 'stand_in_bot' },
        date,
        chat: { id: chatId, type: 'private' },
        text,
      },
    });
  }

  async function handleBot(request: IncomingMessage, response: ServerResponse, url: URL, given: string, method: string) {
    if (given !== token) return fail(response, 401, 'Unauthorized');
    if (method.toLowerCase() !== 'sendmessage') return fail(response, 404, 'Not Found');
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const text = await readText(request);
    const type = request.headers['content-type'] ?? '';
    if (type.includes('application/json') && text.trim() !== '') {
      const body = objectOf(text);
      if (body === null) return fail(response, 400, "Bad Request: can't parse JSON");
      Object.assign(params, body);
    } else if (type.includes('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
    }
    return sendMessage(response, params);
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'POST' && path === '/test/fail') {
      const body = objectOf(await readText(request)) ?? {};
      const retryAfter = Number(body.retry_after ?? 1);
      if (body.status === 429 && Number.isInteger(retryAfter) && retryAfter >= 0) failures.push({ status: 429, retry_after: retryAfter });
      else if (body.status === 500) failures.push({ status: 500 });
      else return json(response, 400, { error: 'status must be 429 (with retry_after) or 500' });
      return json(response, 200, { queued: failures.length });
    }
    return json(response, 404, { error: 'Not Found' });
  }

  let origin = '';
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', origin);
      const path = url.pathname;
      const bot = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(path);
      if (bot) return await handleBot(request, response, url, decodeURIComponent(bot[1]!), bot[2]!);
      if (request.method === 'GET' && path === '/messages') return json(response, 200, sent);
      if (path.startsWith('/test/')) return await handleTest(request, response, path);
      return fail(response, 404, 'Not Found');
    } catch (error) {
      console.error('telegram stand-in: request failed', error);
      if (!response.headersSent) fail(response, 500, 'Internal Server Error');
      else response.end();
    }
  });

  origin = await listenOnLoopback(server, port);
  return {
    url: origin,
    messages: () => sent.map((message) => ({ ...message })),
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** A chat id as the API takes it: an integer (a form sends it as text) or an `@username`; null when absent. */
function chatIdOf(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value.trim();
}

/** An object given as such or as its JSON text (how a form carries reply_markup); null otherwise. */
function objectOf(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}
