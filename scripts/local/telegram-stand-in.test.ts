import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { type TelegramStandIn, startTelegramStandIn } from './telegram-stand-in';

/** The Telegram stand-in over real HTTP, as the Bot API documents sendMessage and its failures. */
const token = '123456:stand-in-secret';
const stops: (() => Promise<void>)[] = [];
let telegram: TelegramStandIn;

async function start(port?: number) {
  const started = await startTelegramStandIn({ token, ...(port ? { port } : {}) });
  stops.push(started.stop);
  return started;
}

beforeAll(async () => {
  telegram = await start();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

let chats = 1000;
const newChat = () => (chats += 1);

async function send(service: { url: string }, body: unknown, init: { token?: string; form?: boolean } = {}) {
  const response = await fetch(`${service.url}/bot${init.token ?? token}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: init.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const post = (service: { url: string }, path: string, body: unknown) =>
  fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const listed = async (service: { url: string }) => (await (await fetch(`${service.url}/messages`)).json()) as Record<string, unknown>[];

describe('sendMessage', () => {
  it('answers the sent Message for a JSON body and lists it', async () => {
    const chatId = newChat();
    const answer = await send(telegram, {
      chat_id: chatId,
      text: '<b>Order</b> delivered',
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: { inline_keyboard: [[{ text: 'Open', url: 'https://shop.example/orders/1' }]] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      result: {
        message_id: expect.any(Number),
        date: expect.any(Number),
        chat: { id: chatId, type: 'private' },
        text: '<b>Order</b> delivered',
      },
    });
    expect(Math.abs(answer.body.result.date - Date.now() / 1000)).toBeLessThan(5);
    expect((await listed(telegram)).filter((m) => m.chat_id === chatId)).toEqual([
      { chat_id: chatId, text: '<b>Order</b> delivered', parse_mode: 'HTML', at: expect.any(String) },
    ]);
  });

  it('takes a form body too, with reply_markup as JSON text and the chat id as a number', async () => {
    const chatId = newChat();
    const answer = await send(
      telegram,
      { chat_id: String(chatId), text: 'Hello', disable_web_page_preview: 'true', reply_markup: JSON.stringify({ inline_keyboard: [] }) },
      { form: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.chat).toEqual({ id: chatId, type: 'private' });
    expect(telegram.messages().filter((m) => m.chat_id === chatId)).toEqual([
      { chat_id: chatId, text: 'Hello', parse_mode: null, at: expect.any(String) },
    ]);
  });

  it('lists messages oldest first, with increasing message ids', async () => {
    const chatId = newChat();
    const first = await send(telegram, { chat_id: chatId, text: 'one' });
    const second = await send(telegram, { chat_id: chatId, text: 'two' });
    expect(second.body.result.message_id).toBeGreaterThan(first.body.result.message_id);
    expect((await listed(telegram)).filter((m) => m.chat_id === chatId).map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('another token: 401 Unauthorized, nothing recorded', async () => {
    const chatId = newChat();
    const answer = await send(telegram, { chat_id: chatId, text: 'x' }, { token: '123456:wrong' });
    expect(answer).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(telegram.messages().some((m) => m.chat_id === chatId)).toBe(false);
  });

  it('a missing chat_id or text: 400 in the API’s words', async () => {
    expect(await send(telegram, { text: 'x' })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' },
    });
    for (const text of [undefined, '']) {
      expect(await send(telegram, { chat_id: newChat(), text })).toEqual({
        status: 400,
        body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
      });
    }
  });

  it('an unknown parse_mode, a text over 4096 characters and a broken reply_markup: 400', async () => {
    const cases = [
      [{ parse_mode: 'Fancy' }, 'Bad Request: unsupported parse_mode'],
      [{ text: 'x'.repeat(4097) }, 'Bad Request: message is too long'],
      [{ reply_markup: '{not json' }, "Bad Request: can't parse reply keyboard markup JSON object"],
    ] as const;
    for (const [fields, description] of cases) {
      const answer = await send(telegram, { chat_id: newChat(), text: 'x', ...fields });
      expect(answer, description).toEqual({ status: 400, body: { ok: false, error_code: 400, description } });
    }
  });

  it('an unknown method: 404 Not Found', async () => {
    const response = await fetch(`${telegram.url}/bot${token}/sendTelepathy`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
  });
});

describe('injected failures, for tests of retries', () => {
  it('429 once with retry_after, then the retry goes through', async () => {
    const own = await start();
    expect((await post(own, '/test/fail', { status: 429, retry_after: 3 })).status).toBe(200);
    expect(await send(own, { chat_id: 7, text: 'hi' })).toEqual({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } },
    });
    expect((await send(own, { chat_id: 7, text: 'hi' })).status).toBe(200);
    expect(own.messages().map((m) => m.text)).toEqual(['hi']);
  });

  it('500 once, queued failures answer in order', async () => {
    const own = await start();
    await post(own, '/test/fail', { status: 500 });
    await post(own, '/test/fail', { status: 429, retry_after: 1 });
    expect((await send(own, { chat_id: 7, text: 'a' })).body).toEqual({ ok: false, error_code: 500, description: 'Internal Server Error' });
    expect((await send(own, { chat_id: 7, text: 'a' })).status).toBe(429);
    expect((await send(own, { chat_id: 7, text: 'a' })).status).toBe(200);
    expect(await listed(own)).toHaveLength(1);
  });

  it('refuses another injected status', async () => {
    expect((await post(telegram, '/test/fail', { status: 418 })).status).toBe(400);
  });
});

it('starts on a given port', async () => {
  const port = await freePort();
  expect((await start(port)).url).toBe(`http://127.0.0.1:${port}`);
});
