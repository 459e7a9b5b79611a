import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { httpEvent, lambdaContext, testOriginSecret } from '../../support/lambda-event';

vi.stubEnv('APP_MASTER_SECRET', 'unit-test-master-secret-with-enough-length-0123456789');
vi.stubEnv('GATEWAY_API_KEY', 'gateway-key-for-tests');
vi.stubEnv('GATEWAY_URL', 'http://127.0.0.1:9');
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');

vi.stubEnv('TABLE_NAME', 'unit-test-table-never-reached');
vi.stubEnv('ORIGIN_VERIFY_SECRET', testOriginSecret);

const { success, errorResponse } = await import('../../../functions/http/stack');
const { formBody, maxBodyBytes } = await import('../../../functions/http/body');
const { publicRoute } = await import('../../../functions/http/public-route');
const { userRoute } = await import('../../../functions/http/user-route');
const { gatewayRoute } = await import('../../../functions/http/gateway-route');
const { gateways } = await import('../../../functions/gateway/registry');
const { Conflict, NotFound } = await import('../../../functions/shared/errors');
const { logger } = await import('../../../functions/shared/logger');
const { signSessionToken } = await import('../../../functions/shared/session-token');
const { requiredText, wholeTaka } = await import('../../../functions/contract/fields');

const echo = publicRoute({ ...formBody(v.object({ name: requiredText('Required Field'), amount: wholeTaka() })) }, async ({ body }) =>
  success(body, 'ok'),
);
const whoAmI = userRoute({}, async ({ user }) => success(user.id));
const webhook = gatewayRoute({}, gateways.authenticate, async ({ gateway }) => success({ gateway: gateway.name }, 'received'));

type Result = { statusCode: number; body: string; headers: Record<string, string> };
const invoke = async (handler: typeof echo, event: ReturnType<typeof httpEvent>) => {
  const result = (await handler(event as never, lambdaContext)) as Result;
  return { ...result, json: JSON.parse(result.body) as Record<string, unknown> };
};

const token = await signSessionToken({ userId: 'U1', tokenVersion: 3 });

describe('the handler stack', () => {
  it('parses a multipart body and validates it', async () => {
    const body =
      '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nRahim\r\n--xyz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n500\r\n--xyz--\r\n';
    const response = await invoke(
      echo,
      httpEvent({
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: Buffer.from(body).toString('base64'),
        isBase64Encoded: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ status: 1, message: 'ok', data: { name: 'Rahim', amount: 500 } });
  });

  it.each([
    ['a Dart-style boundary with + _ . =', 'multipart/form-data; boundary=dart-http-boundary-+_.=Z9', 'dart-http-boundary-+_.=Z9'],
    ['a quoted boundary (.NET)', 'multipart/form-data; boundary="c8a0f1-7d2e"', 'c8a0f1-7d2e'],
    ['charset before the boundary', 'multipart/form-data; charset=utf-8; boundary=abc', 'abc'],
    ['an upper-case media type', 'Multipart/Form-Data; BOUNDARY=x(y)z', 'x(y)z'],
  ])('parses a multipart body with %s', async (_, contentType, boundary) => {
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRahim\r\n--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n50\r\n--${boundary}--\r\n`;
    const response = await invoke(
      echo,
      httpEvent({ headers: { 'content-type': contentType }, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }),
    );
    expect(response.json, contentType).toEqual({ status: 1, message: 'ok', data: { name: 'Rahim', amount: 50 } });
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['a boundary of 71 characters', `multipart/form-data; boundary=${'b'.repeat(71)}`],
    ['a boundary ending in a space', 'multipart/form-data; boundary="ab "'],
    ['a boundary with a character RFC 2046 does not allow', 'multipart/form-data; boundary=a*b'],
  ])('refuses a multipart body with %s as an unsupported type', async (_, contentType) => {
    const response = await invoke(echo, httpEvent({ headers: { 'content-type': contentType }, body: '--x--' }));
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe('Unsupported content type');
  });

  it('parses JSON and urlencoded bodies alike', async () => {
    const json = await invoke(echo, httpEvent({ headers: { 'content-type': 'application/json' }, body: '{"name":"A","amount":"20"}' }));
    const form = await invoke(
      echo,
      httpEvent({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=A&amount=20' }),
    );
    expect(json.json.data).toEqual({ name: 'A', amount: 20 });
    expect(form.json.data).toEqual({ name: 'A', amount: 20 });
  });

  it('turns invalid input into a 400 with the first message and every field', async () => {
    const response = await invoke(echo, httpEvent({ headers: { 'content-type': 'application/json' }, body: '{"amount":"12.5"}' }));
    expect(response.statusCode).toBe(400);
    expect(response.json).toEqual({
      status: 0,
      message: 'Required Field',
      errors: { name: 'Required Field', amount: 'Amount must be a whole number of taka' },
    });
  });

  it.each([
    ['malformed JSON', 'application/json', '{"name":', 'Malformed request body'],
    ['malformed multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nbroken', 'Malformed request body'],
    ['an unsupported type', 'text/plain', 'name=A', 'Unsupported content type'],
    ['a JSON array', 'application/json', '[1,2]', 'Malformed request body'],
  ])('refuses %s with a 400 envelope', async (_, contentType, body, message) => {
    const response = await invoke(echo, httpEvent({ headers: { 'content-type': contentType }, body }));
    expect(response.statusCode).toBe(400);
    expect(response.json.status).toBe(0);
    expect(response.json.message).toBe(message);
  });

  it('refuses a body over the size limit before parsing it', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(maxBodyBytes), amount: 1 });
    const response = await invoke(echo, httpEvent({ headers: { 'content-type': 'application/json' }, body }));
    expect(response.statusCode).toBe(400);
    expect(response.json.message).toBe('Request body is too large');
  });

  it('marks each handler with the access it enforces', () => {
    expect([echo.access, whoAmI.access, webhook.access]).toEqual(['public', 'user', 'gateway']);
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'garbage'],
    ['a tampered token', `${token.slice(0, -4)}AAAA`],
  ])('answers %s on a user route with 401 "Token invalid or missing" before reading the table', async (_, header) => {
    const response = await invoke(whoAmI, httpEvent({ headers: header ? { authorization: header } : {} }));
    expect(response.statusCode).toBe(401);
    expect(response.json).toEqual({ status: 0, message: 'Token invalid or missing' });
  });

  it('refuses with 403, before reading the body, a request that did not come through CloudFront', async () => {
    const malformed = { headers: { 'content-type': 'application/json' }, body: '{"name":' };
    for (const event of [
      httpEvent({ ...malformed, viaCloudFront: false }),
      httpEvent({ ...malformed, headers: { ...malformed.headers, 'x-origin-verify': 'guessed' } }),
    ]) {
      const response = await invoke(echo, event);
      expect(response.statusCode).toBe(403);
      expect(response.json).toEqual({ status: 0, message: 'Forbidden' });
    }
    expect((await invoke(echo, httpEvent(malformed))).statusCode).toBe(400);
  });

  it('answers 503 on gateway routes while the gateway key is the placeholder, and says why in the log', async () => {
    vi.stubEnv('GATEWAY_API_KEY', 'set-me');
    const errors = vi.spyOn(logger, 'error');
    try {
      expect((await invoke(webhook, httpEvent({ headers: { 'rt-uddoktapay-api-key': 'set-me' } }))).statusCode).toBe(503);
      expect(errors.mock.calls.map(([message]) => message)).toContainEqual(expect.stringMatching(/gateway API key is not set/));
    } finally {
      errors.mockRestore();
      vi.stubEnv('GATEWAY_API_KEY', 'gateway-key-for-tests');
    }
  });

  it('checks the gateway key on gateway routes', async () => {
    expect((await invoke(webhook, httpEvent({ headers: { 'rt-uddoktapay-api-key': 'gateway-key-for-tests' } }))).statusCode).toBe(200);
    expect((await invoke(webhook, httpEvent({ headers: { 'rt-uddoktapay-api-key': 'wrong' } }))).statusCode).toBe(401);
    expect((await invoke(webhook, httpEvent({}))).statusCode).toBe(401);
  });

  it("asks the adapter of the path's gateway: the contract's path is UddoktaPay's, a gateway the shop does not know is a 404", async () => {
    const key = { 'rt-uddoktapay-api-key': 'gateway-key-for-tests' };
    const named = await invoke(webhook, httpEvent({ headers: key, pathParameters: { gateway: 'uddoktapay' } }));
    expect(named.statusCode).toBe(200);
    expect(named.json.data).toEqual({ gateway: 'uddoktapay' });
    expect((await invoke(webhook, httpEvent({ headers: key }))).json.data).toEqual({ gateway: 'uddoktapay' });
    expect((await invoke(webhook, httpEvent({ headers: key, pathParameters: { gateway: 'sslcommerz' } }))).statusCode).toBe(404);
  });

  it('shows the check the parsed body and the exact text sent (a gateway may sign its bytes), and hands the call on', async () => {
    const seen: unknown[] = [];
    const signed = gatewayRoute(
      { ...formBody(v.looseObject({})) },
      async (_gateway, call) => {
        seen.push(call.rawBody);
        return call.rawBody.includes('"sig":"ok"') ? {} : undefined;
      },
      async ({ call }) => success({ raw: call.rawBody, body: call.body }, 'received'),
    );
    const body = '{"invoice_id":"INV1",  "sig":"ok"}';
    const json = { 'content-type': 'application/json' };
    const answer = await invoke(signed, httpEvent({ headers: json, body: Buffer.from(body).toString('base64'), isBase64Encoded: true }));
    expect(answer.json.data).toEqual({ raw: body, body: { invoice_id: 'INV1', sig: 'ok' } });
    expect((await invoke(signed, httpEvent({ headers: json, body: '{"sig":"no"}' }))).statusCode).toBe(401);
    expect(seen).toEqual([body, '{"sig":"no"}']);
  });
});

describe('the access log', () => {
  it('times each of two overlapping requests from its own start', async () => {
    const lines = vi.spyOn(logger, 'info');
    const slow = publicRoute({}, async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return success('slow');
    });
    const first = invoke(slow, httpEvent({ path: '/api/slow' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await invoke(slow, httpEvent({ path: '/api/late' }));
    await first;
    const durations = Object.fromEntries(
      lines.mock.calls
        .filter(([message]) => message === 'request')
        .map(([, fields]) => [(fields as { path: string }).path, (fields as { durationMs: number }).durationMs]),
    );
    lines.mockRestore();
    expect(durations['/api/slow']).toBeGreaterThanOrEqual(190);
    expect(durations['/api/late']).toBeGreaterThanOrEqual(190);
  });
});

describe('errorResponse', () => {
  it('keeps typed errors and their extras', () => {
    const response = errorResponse(new NotFound('Email not registered', { userExists: false }));
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(String(response.body))).toEqual({ status: 0, message: 'Email not registered', userExists: false });
    expect(errorResponse(new Conflict('Insufficient balance')).statusCode).toBe(409);
  });

  it('hides everything about an unexpected error behind a generic 500', () => {
    const response = errorResponse(new Error('ResourceNotFoundException: table storefront-prod not found, secret=abc'));
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"status":0,"message":"Something went wrong"}');
  });
});
