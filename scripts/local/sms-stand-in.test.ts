import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { type SmsStandIn, startSmsStandIn } from './sms-stand-in';

/** The sms.net.bd stand-in over real HTTP, as sms.net.bd/api documents sending, reports, the balance and the error codes. */
const apiKey = 'stand-in-api-key-0123456789';
const stops: (() => Promise<void>)[] = [];
let sms: SmsStandIn;

async function start(options: Partial<Parameters<typeof startSmsStandIn>[0]> = {}) {
  const started = await startSmsStandIn({ apiKey, senderIds: ['TopUpBazar'], ...options });
  stops.push(started.stop);
  return started;
}

beforeAll(async () => {
  sms = await start();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

let numbers = 10_000_000;
/** A fresh number of Grameenphone's 017 range, national form. */
function newNumber() {
  numbers += 1;
  return `017${numbers}`;
}

type Answer = { status: number; body: Record<string, any> };

async function sendForm(service: { url: string }, fields: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${service.url}/sendsms`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey, ...fields }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function get(service: { url: string }, path: string, query: Record<string, string> = { api_key: apiKey }): Promise<Answer> {
  const response = await fetch(`${service.url}${path}?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const failNext = (service: { url: string }, failure: unknown) =>
  fetch(`${service.url}/test/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(failure) });

const listed = async (service: { url: string }) => (await (await fetch(`${service.url}/messages`)).json()) as Record<string, unknown>[];

describe('sendsms', () => {
  it('accepts a form body, answers its request id and lists the message under the 13-digit number', async () => {
    const to = newNumber();
    const answer = await sendForm(sms, { msg: 'আপনার কোড 123456', to });
    expect(answer).toEqual({
      status: 200,
      body: { error: 0, msg: 'Request successfully submitted', data: { request_id: expect.any(Number) } },
    });
    expect((await listed(sms)).filter((message) => message.to === `88${to}`)).toEqual([
      { to: `88${to}`, msg: 'আপনার কোড 123456', sender_id: null, request_id: answer.body.data.request_id, at: expect.any(String) },
    ]);
  });

  it('takes GET with the query string, several numbers in either form, and an approved sender id', async () => {
    const [first, second] = [newNumber(), newNumber()];
    const answer = await get(sms, '/sendsms', { api_key: apiKey, msg: 'Hello', to: `${first},88${second}`, sender_id: 'TopUpBazar' });
    expect(answer.body.error).toBe(0);
    const mine = (await listed(sms)).filter((message) => message.request_id === answer.body.data.request_id);
    expect(mine.map((message) => [message.to, message.sender_id])).toEqual([
      [`88${first}`, 'TopUpBazar'],
      [`88${second}`, 'TopUpBazar'],
    ]);
  });

  it('lists messages oldest first, with increasing request ids', async () => {
    const to = newNumber();
    const first = await sendForm(sms, { msg: 'one', to });
    const second = await sendForm(sms, { msg: 'two', to });
    expect(second.body.data.request_id).toBeGreaterThan(first.body.data.request_id);
    expect((await listed(sms)).filter((message) => message.to === `88${to}`).map((message) => message.msg)).toEqual(['one', 'two']);
  });

  it('refuses in the documented envelope, HTTP 200, recording nothing: 405 another key, 400 a missing field, 414 a blank text, 416 no valid number, 413 a sender id not approved, 412 a bad schedule', async () => {
    const to = newNumber();
    const cases = [
      [{ api_key: 'wrong', msg: 'x', to }, 405, 'Authorization required'],
      [{ to }, 400, 'The request was rejected, due to a missing or invalid parameter'],
      [{ msg: 'x' }, 400, 'The request was rejected, due to a missing or invalid parameter'],
      [{ msg: '   ', to }, 414, 'Message is empty'],
      [{ msg: 'x', to: '01212345678,12345,+4420794600' }, 416, 'No valid number found'],
      [{ msg: 'x', to, sender_id: 'SomeBrand' }, 413, 'Invalid Sender ID'],
      [{ msg: 'x', to, schedule: 'tomorrow' }, 412, 'Invalid Schedule'],
    ] as const;
    for (const [fields, error, msg] of cases) expect(await sendForm(sms, fields), msg).toEqual({ status: 200, body: { error, msg } });
    expect(await get(sms, '/sendsms', { msg: 'x', to })).toEqual({ status: 200, body: { error: 405, msg: 'Authorization required' } });
    expect((await listed(sms)).some((message) => message.to === `88${to}`)).toBe(false);
  });

  it('drops invalid numbers beside a valid one, and takes a schedule in Y-m-d H:i:s', async () => {
    const to = newNumber();
    const answer = await sendForm(sms, { msg: 'later', to: `12345,${to}`, schedule: '2026-12-01 09:30:00' });
    expect(answer.body.error).toBe(0);
    expect((await listed(sms)).filter((message) => message.request_id === answer.body.data.request_id).map((m) => m.to)).toEqual([
      `88${to}`,
    ]);
  });
});

describe('report and balance', () => {
  it("report a request's recipients and charge; an unknown request is 404", async () => {
    const [first, second] = [newNumber(), newNumber()];
    const { request_id } = (await sendForm(sms, { msg: 'x', to: `${first},${second}` })).body.data;
    expect(await get(sms, `/report/request/${request_id}/`)).toEqual({
      status: 200,
      body: {
        error: 0,
        msg: 'Success',
        data: {
          request_id,
          request_status: 'Complete',
          request_charge: '0.5000',
          recipients: [
            { number: `88${first}`, charge: '0.2500', status: 'Sent' },
            { number: `88${second}`, charge: '0.2500', status: 'Sent' },
          ],
        },
      },
    });
    expect((await get(sms, '/report/request/99999999/')).body).toEqual({ error: 404, msg: 'The requested resource not found' });
    expect((await get(sms, `/report/request/${request_id}/`, { api_key: 'wrong' })).body.error).toBe(405);
  });

  it('answer the balance, less what was sent; a send beyond it is 417 and records nothing', async () => {
    const own = await start({ balance: 0.5 });
    expect((await get(own, '/user/balance/')).body).toEqual({ error: 0, msg: 'Success', data: { balance: '0.5000' } });
    expect((await sendForm(own, { msg: 'x', to: newNumber() })).body.error).toBe(0);
    expect((await get(own, '/user/balance/')).body.data.balance).toBe('0.2500');
    expect((await sendForm(own, { msg: 'x', to: `${newNumber()},${newNumber()}` })).body).toEqual({
      error: 417,
      msg: 'Insufficient balance',
    });
    expect(await listed(own)).toHaveLength(1);
  });
});

describe('injected failures, for tests of the adapter', () => {
  it('answer a queued documented error once, then 500, then send again: queued failures answer in order', async () => {
    const own = await start();
    expect((await failNext(own, { error: 417 })).status).toBe(200);
    expect((await failNext(own, { status: 500 })).status).toBe(200);
    const to = newNumber();
    expect((await sendForm(own, { msg: 'x', to })).body).toEqual({ error: 417, msg: 'Insufficient balance' });
    expect(
      (await fetch(`${own.url}/sendsms`, { method: 'POST', body: new URLSearchParams({ api_key: apiKey, msg: 'x', to }) })).status,
    ).toBe(500);
    expect((await sendForm(own, { msg: 'x', to })).body.error).toBe(0);
    expect(await listed(own)).toHaveLength(1);
  });

  it('answer 500 as a server error page', async () => {
    const own = await start();
    await failNext(own, { status: 500 });
    const response = await fetch(`${own.url}/sendsms`, {
      method: 'POST',
      body: new URLSearchParams({ api_key: apiKey, msg: 'x', to: newNumber() }),
    });
    expect(response.status).toBe(500);
    expect(await listed(own)).toEqual([]);
  });

  it('accept a delayed send at once and answer it after the delay', async () => {
    const own = await start();
    await failNext(own, { delay_ms: 300 });
    const to = newNumber();
    const answered = sendForm(own, { msg: 'slow', to });
    await expect.poll(async () => (await listed(own)).map((message) => message.to)).toEqual([`88${to}`]);
    expect((await answered).body.error).toBe(0);
  });

  it('refuse a failure that is not one of the documented codes, 500 or a delay', async () => {
    for (const failure of [{ error: 418 }, { error: 0 }, { status: 502 }, { delay_ms: -1 }, {}])
      expect((await failNext(sms, failure)).status, JSON.stringify(failure)).toBe(400);
  });
});

it('starts on a given port', async () => {
  const port = await freePort();
  expect((await start({ port })).url).toBe(`http://127.0.0.1:${port}`);
});
