import { createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenOnLoopback } from '../../../scripts/local/local-service';
import { type SmsStandIn, startSmsStandIn } from '../../../scripts/local/sms-stand-in';

/**
 * The sms.net.bd adapter against the stand-in written from sms.net.bd's documents, over real HTTP:
 * what each answer means for the caller, and what the operator reads in the logs (never the key,
 * the text or the whole number).
 */
const apiKey = 'adapter-test-key-0123456789';
vi.stubEnv('SMS_API_KEY', apiKey);
vi.stubEnv('SMS_SENDER_ID', '');
const { smsNetBd } = await import('../../../functions/sms/sms-net-bd');
const { SmsError } = await import('../../../functions/sms/port');
const { smsProvider, smsProviderNamed } = await import('../../../functions/sms/registry');
const { logger } = await import('../../../functions/shared/logger');

let standIn: SmsStandIn;
beforeAll(async () => {
  standIn = await startSmsStandIn({ apiKey });
});
afterAll(() => standIn.stop());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.stubEnv('SMS_API_KEY', apiKey);
  vi.stubEnv('SMS_SENDER_ID', '');
  vi.restoreAllMocks();
});

let numbers = 20_000_000;
/** A message to a fresh number of Robi's 018 range. */
function message() {
  numbers += 1;
  return { to: `018${numbers}`, text: 'আপনার কোড 482913', reference: 'CODE#1' };
}
const failNext = (failure: unknown) =>
  fetch(`${standIn.url}/test/fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(failure) });
const listed = async () => (await (await fetch(`${standIn.url}/messages`)).json()) as { to: string; msg: string; request_id: number }[];

/** The error a send ends with, and every log line it wrote (as JSON text). */
async function failureOf(send: Promise<unknown>) {
  const lines: string[] = [];
  for (const level of ['error', 'warn', 'info'] as const)
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)));
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SmsError);
  return { kind: (error as InstanceType<typeof SmsError>).kind, lines };
}

describe('sms.net.bd', () => {
  it('sends the text to the 13-digit number and answers the request id as the provider id', async () => {
    const sent = message();
    const answer = await smsNetBd({ apiUrl: `${standIn.url}/` }).send(sent);
    expect(answer.provider).toBe('smsnetbd');
    const listedHere = (await listed()).filter((entry) => entry.to === `88${sent.to}`);
    expect(listedHere).toEqual([expect.objectContaining({ msg: sent.text, request_id: Number(answer.providerId) })]);
  });

  it('is unavailable, telling the operator to set the SMS secret, while the key is missing or still the placeholder', async () => {
    for (const key of ['', 'set-me']) {
      vi.stubEnv('SMS_API_KEY', key);
      const { kind, lines } = await failureOf(smsNetBd({ apiUrl: standIn.url }).send(message()));
      expect(kind).toBe('unavailable');
      expect(lines.join('\n')).toContain('SMS secret');
    }
  });

  it('is unavailable for a refused key (405) and a low balance (417), logging the code and what to do, never the key, text or number', async () => {
    vi.stubEnv('SMS_API_KEY', 'not-the-key');
    const sent = message();
    const wrongKey = await failureOf(smsNetBd({ apiUrl: standIn.url }).send(sent));
    expect(wrongKey.kind).toBe('unavailable');
    expect(wrongKey.lines.join('\n')).toMatch(/405.*the API key was refused/);
    vi.stubEnv('SMS_API_KEY', apiKey);
    await failNext({ error: 417 });
    const lowBalance = await failureOf(smsNetBd({ apiUrl: standIn.url }).send(sent));
    expect(lowBalance.kind).toBe('unavailable');
    const logged = lowBalance.lines.join('\n');
    expect(logged).toMatch(/417.*top up the sms\.net\.bd balance/);
    expect(logged).toContain(`${sent.to.slice(0, 3)}******${sent.to.slice(-2)}`);
    for (const secret of [apiKey, 'not-the-key', sent.text, sent.to.slice(3)])
      expect(logged + wrongKey.lines.join('\n')).not.toContain(secret);
  });

  it('is refused for good when no number is valid (416) or the content is blocked (420)', async () => {
    await failNext({ error: 416 });
    expect((await failureOf(smsNetBd({ apiUrl: standIn.url }).send(message()))).kind).toBe('refused');
    await failNext({ error: 420 });
    expect((await failureOf(smsNetBd({ apiUrl: standIn.url }).send(message()))).kind).toBe('refused');
    expect((await failureOf(smsNetBd({ apiUrl: standIn.url }).send({ ...message(), to: '01212345678' }))).kind).toBe('refused');
  });

  it('is unavailable when the server fails (HTTP 500) or cannot be reached, and nothing went', async () => {
    await failNext({ status: 500 });
    const sent = message();
    expect((await failureOf(smsNetBd({ apiUrl: standIn.url }).send(sent))).kind).toBe('unavailable');
    const closed = await startSmsStandIn({ apiKey });
    await closed.stop();
    expect((await failureOf(smsNetBd({ apiUrl: closed.url }).send(sent))).kind).toBe('unavailable');
    expect((await listed()).some((entry) => entry.to === `88${sent.to}`)).toBe(false);
  });

  it('is unknown when the answer comes after the timeout: the provider took the message, so it must not be sent blindly again', async () => {
    await failNext({ delay_ms: 2_000 });
    const sent = message();
    expect((await failureOf(smsNetBd({ apiUrl: standIn.url, timeoutMs: 100 }).send(sent))).kind).toBe('unknown');
    expect((await listed()).filter((entry) => entry.to === `88${sent.to}`)).toHaveLength(1);
  });

  it('is unknown for an HTTP 200 it cannot read (a proxy page, a cut body)', async () => {
    const page = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>OK</html>'));
    const url = await listenOnLoopback(page);
    try {
      expect((await failureOf(smsNetBd({ apiUrl: url }).send(message()))).kind).toBe('unknown');
    } finally {
      page.close();
    }
  });
});

describe('the SMS registry', () => {
  it("holds sms.net.bd as the stage's default, and fails fast on a provider it does not hold", () => {
    expect(smsProvider.name).toBe('smsnetbd');
    expect(() => smsProviderNamed([smsProvider], 'bulksmsbd')).toThrow(/"bulksmsbd" is not one of smsnetbd/);
  });
});
