import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { json, listenOnLoopback, pauses, readText } from './local-service';

export interface SmsStandInOptions {
  /** The API key the stand-in accepts, as the sms.net.bd panel hands it out. */
  apiKey: string;
  /** Sender ids (masking names) the account is approved for; any other `sender_id` answers 413. None by default. */
  senderIds?: readonly string[];
  /** The account's balance in taka at start. @default 100 */
  balance?: number;
  port?: number /* default 0 */;
}

/** One message the stand-in accepted, to one number, oldest first. */
export interface AcceptedSms {
  /** The number as given, written as its 13 digits `8801XXXXXXXXX`. */
  to: string;
  msg: string;
  /** The sender id it was sent under; null for the account's default (non-masking) one. */
  sender_id: string | null;
  request_id: number;
  /** When it was accepted, ISO 8601. */
  at: string;
}

export interface SmsStandIn {
  url: string;
  stop(): Promise<void>;
  messages(): AcceptedSms[];
}

/** A failure queued by `POST /test/fail`: the next send answers it, once. */
type Failure = { error: number } | { status: 500 } | { delay_ms: number };

/** The API's error codes and their wording (sms.net.bd/api, "Error Codes"). */
const errorTexts: Record<number, string> = {
  400: 'The request was rejected, due to a missing or invalid parameter',
  403: "You don't have permissions to perform the request",
  404: 'The requested resource not found',
  405: 'Authorization required',
  409: 'Unknown error occurred on Server end',
  410: 'Account expired',
  411: 'Reseller Account expired or suspended',
  412: 'Invalid Schedule',
  413: 'Invalid Sender ID',
  414: 'Message is empty',
  415: 'Message is too long',
  416: 'No valid number found',
  417: 'Insufficient balance',
  420: 'Content Blocked',
  421: 'You can only send SMS to your registered phone number until first balance recharge',
};

/** What the stand-in charges a message to one number, in ten-thousandths of a taka (the report's example: "0.25"). */
const chargePerNumber = 2_500;
/** Balances and charges are written with four decimals ("100.0000"). */
const takaText = (tenThousandths: number) => (tenThousandths / 10_000).toFixed(4);

/** The API's failure envelope: HTTP 200, `error` the code, `msg` its wording. */
function fail(response: ServerResponse, code: number) {
  json(response, 200, { error: code, msg: errorTexts[code] });
}

/** A Bangladeshi mobile number (`01XXXXXXXXX`, `8801XXXXXXXXX`, `+8801…`, spaces and dashes allowed) as its 13 digits; null otherwise. */
export function bangladeshiMobile(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '').replace(/^\+/, '');
  const national = /^(?:88)?(01[3-9]\d{8})$/.exec(digits)?.[1];
  return national ? `88${national}` : null;
}

/** `Y-m-d H:i:s`, as the API takes a schedule (Asia/Dhaka). */
const schedulePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * The local stand-in for sms.net.bd's API (Alpha SMS), as its documentation describes it
 * (sms.net.bd/api). One account, whose key is given at start; it keeps what it accepted in memory.
 *
 * - `POST /sendsms` (an `application/x-www-form-urlencoded` body) or `GET /sendsms` (the query
 *   string): `api_key`, `msg`, `to` (numbers `01XXXXXXXXX` or `8801XXXXXXXXX`, comma-separated),
 *   and the optional `sender_id` and `schedule` → `{"error":0,"msg":"Request successfully
 *   submitted","data":{"request_id":n}}`, one request id for all its numbers, each charged 0.25 taka.
 * - `GET /report/request/{id}/?api_key=` → the request's `request_status` "Complete", its
 *   `request_charge` and each recipient's `number`, `charge` and `status` "Sent".
 * - `GET /user/balance/?api_key=` → `{"data":{"balance":"100.0000"}}`.
 * - Failures answer HTTP 200 with the documented envelope `{"error": code, "msg": "…"}`: another or
 *   no key → 405; a missing `msg` or `to` → 400 (a required parameter missing); a blank `msg` → 414;
 *   no valid Bangladeshi mobile number in `to` → 416 (invalid ones beside a valid one are dropped);
 *   a `sender_id` the account is not approved for → 413; a `schedule` not `Y-m-d H:i:s` → 412; a
 *   balance short of the charge → 417; an unknown request id → 404; an unknown path → 404 (HTTP 404).
 *   Which of 400 and 414 a missing `msg` gets is the stand-in's reading: the documents do not say.
 *
 * Shortcuts for tests, outside the API: `POST /test/fail` `{"error": 417}` (any documented code),
 * `{"status": 500}` or `{"delay_ms": 6000}` makes the next send fail that way once (queued, first
 * in first out; a delayed send is accepted at once and answered after the delay, as a slow
 * provider would); `GET /messages` lists every accepted message, one entry a number, oldest first.
 */
export async function startSmsStandIn(options: SmsStandInOptions): Promise<SmsStandIn> {
  const { apiKey, senderIds = [], port = 0 } = options;
  const accepted: AcceptedSms[] = [];
  const requests = new Map<number, { numbers: string[] }>();
  const failures: Failure[] = [];
  const slow = pauses();
  let balance = Math.round((options.balance ?? 100) * 10_000);
  let nextRequestId = 1001;

  async function sendSms(response: ServerResponse, params: URLSearchParams) {
    const failure = failures.shift();
    if (failure && 'status' in failure) return response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500 Server Error</h1>');
    if (failure && 'error' in failure) return fail(response, failure.error);

    const msg = params.get('msg');
    const to = params.get('to');
    if (msg === null || to === null) return fail(response, 400);
    if (msg.trim() === '') return fail(response, 414);
    const numbers = [
      ...new Set(
        to
          .split(',')
          .map(bangladeshiMobile)
          .filter((number) => number !== null),
      ),
    ];
    if (numbers.length === 0) return fail(response, 416);
    const senderId = params.get('sender_id') || null;
    if (senderId !== null && !senderIds.includes(senderId)) return fail(response, 413);
    const schedule = params.get('schedule');
    if (schedule && !schedulePattern.test(schedule)) return fail(response, 412);
    const charge = numbers.length * chargePerNumber;
    if (charge > balance) return fail(response, 417);

    balance -= charge;
    const requestId = nextRequestId++;
    requests.set(requestId, { numbers });
    const at = new Date().toISOString();
    for (const number of numbers) accepted.push({ to: number, msg, sender_id: senderId, request_id: requestId, at });
    if (failure && 'delay_ms' in failure) await slow.pause(failure.delay_ms);
    json(response, 200, { error: 0, msg: 'Request successfully submitted', data: { request_id: requestId } });
  }

  function report(response: ServerResponse, requestId: number) {
    const request = requests.get(requestId);
    if (!request) return fail(response, 404);
    json(response, 200, {
      error: 0,
      msg: 'Success',
      data: {
        request_id: requestId,
        request_status: 'Complete',
        request_charge: takaText(request.numbers.length * chargePerNumber),
        recipients: request.numbers.map((number) => ({ number, charge: takaText(chargePerNumber), status: 'Sent' })),
      },
    });
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, path: string) {
    const params = new URLSearchParams(url.searchParams);
    if (request.method === 'POST' && (request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      for (const [key, value] of new URLSearchParams(await readText(request))) params.set(key, value);
    }
    if (params.get('api_key') !== apiKey) return fail(response, 405);
    if (path === '/sendsms' && (request.method === 'POST' || request.method === 'GET')) return sendSms(response, params);
    const reportOf = /^\/report\/request\/(\d+)$/.exec(path);
    if (reportOf && request.method === 'GET') return report(response, Number(reportOf[1]));
    if (path === '/user/balance' && request.method === 'GET')
      return json(response, 200, { error: 0, msg: 'Success', data: { balance: takaText(balance) } });
    return json(response, 404, { error: 404, msg: errorTexts[404] });
  }

  async function handleTest(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'POST' && path === '/test/fail') {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(await readText(request)) as Record<string, unknown>;
      } catch {
        // Answered below as a body that names no failure.
      }
      if (typeof body.error === 'number' && body.error in errorTexts) failures.push({ error: body.error });
      else if (body.status === 500) failures.push({ status: 500 });
      else if (typeof body.delay_ms === 'number' && Number.isInteger(body.delay_ms) && body.delay_ms > 0)
        failures.push({ delay_ms: body.delay_ms });
      else return json(response, 400, { error: 'give {"error": <a documented code>}, {"status": 500} or {"delay_ms": <ms>}' });
      return json(response, 200, { queued: failures.length });
    }
    return json(response, 404, { error: 'Not Found' });
  }

  let origin = '';
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', origin);
      // The documents write some paths with a trailing slash (`/user/balance/`), some without (`/sendsms`): both answer.
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      if (request.method === 'GET' && path === '/messages') return json(response, 200, accepted);
      if (path.startsWith('/test/')) return await handleTest(request, response, path);
      return await handleApi(request, response, url, path);
    } catch (error) {
      console.error('sms stand-in: request failed', error);
      if (!response.headersSent) json(response, 500, { error: 409, msg: errorTexts[409] });
      else response.end();
    }
  });

  origin = await listenOnLoopback(server, port);
  return {
    url: origin,
    messages: () => accepted.map((message) => ({ ...message })),
    stop: () =>
      new Promise<void>((done) => {
        slow.releaseAll();
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
