import { type ECDH, type KeyObject, createCipheriv, createECDH, generateKeyPairSync, hkdfSync, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { type PushStandIn, decryptWebPush, startPushStandIn } from './push-stand-in';

/**
 * The push stand-in over real HTTP. The sender's side is written here from the RFCs, apart from the
 * stand-in: RFC 8291 encryption (aes128gcm, RFC 8188) and an RFC 8292 VAPID signer.
 */
const stops: (() => Promise<void>)[] = [];
let push: PushStandIn;

async function start(port?: number) {
  const started = await startPushStandIn(port ? { port } : {});
  stops.push(started.stop);
  return started;
}

beforeAll(async () => {
  push = await start();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const b64 = (text: string) => Buffer.from(text, 'base64url');
const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info) : info, length));

/** RFC 8291 §3.4 encryption to a subscription's keys, one aes128gcm record; salt and sender key fixed for the test vector. */
function encrypt(plaintext: string, keys: { p256dh: string; auth: string }, fixed: { salt?: Buffer; sender?: ECDH } = {}): Buffer {
  const salt = fixed.salt ?? randomBytes(16);
  const sender = fixed.sender ?? createECDH('prime256v1');
  if (!fixed.sender) sender.generateKeys();
  const uaPublic = b64(keys.p256dh);
  const asPublic = sender.getPublicKey();
  const ikm = hkdf(sender.computeSecret(uaPublic), b64(keys.auth), Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32);
  const cek = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(plaintext), Buffer.from([0x02])])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = asPublic.length;
  return Buffer.concat([header, asPublic, sealed]);
}

interface Vapid {
  privateKey: KeyObject;
  publicKey: Buffer;
}

function vapidKeys(): Vapid {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey: Buffer.concat([Buffer.from([0x04]), b64(jwk.x!), b64(jwk.y!)]) };
}

/** RFC 8292 §2–3: `vapid t=<ES256 JWT>, k=<uncompressed public key>`. */
function vapidHeader(keys: Vapid, claims: Record<string, unknown>, header: Record<string, unknown> = { typ: 'JWT', alg: 'ES256' }) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey.toString('base64url')}`;
}

const sender = vapidKeys();
const claimsFor = (service: { url: string }) => ({
  aud: service.url,
  exp: Math.floor(Date.now() / 1000) + 12 * 60 * 60,
  sub: 'mailto:ops@shop.example',
});

function send(endpoint: string, body: Buffer, headers: Record<string, string | undefined> = {}) {
  const all: Record<string, string | undefined> = {
    ttl: '60',
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    authorization: vapidHeader(sender, claimsFor(push)),
    ...headers,
  };
  return fetch(endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    body: new Uint8Array(body),
  });
}

const listed = async (service: { url: string }) => (await (await fetch(`${service.url}/messages`)).json()) as Record<string, unknown>[];

describe('RFC 8291 Appendix A', () => {
  const vector = {
    plaintext: 'When I grow up, I want to be a watermelon',
    asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    body:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
      'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('the stand-in decrypts the example body with the example keys', () => {
    const plaintext = decryptWebPush(b64(vector.body), { privateKey: b64(vector.uaPrivate), authSecret: b64(vector.auth) });
    expect(plaintext.toString('utf8')).toBe(vector.plaintext);
  });

  it('the test’s own encryption reproduces the example body byte for byte', () => {
    const as = createECDH('prime256v1');
    as.setPrivateKey(b64(vector.asPrivate));
    const body = encrypt(vector.plaintext, { p256dh: vector.uaPublic, auth: vector.auth }, { salt: b64(vector.salt), sender: as });
    expect(body.toString('base64url')).toBe(vector.body);
  });

  it('a tampered body does not decrypt', () => {
    const body = b64(vector.body);
    body[body.length - 1]! ^= 1;
    expect(() => decryptWebPush(body, { privateKey: b64(vector.uaPrivate), authSecret: b64(vector.auth) })).toThrow();
  });
});

describe('POST /push/<id>', () => {
  it('accepts an encrypted message to a test subscription: 201 with a Location, decrypted and listed', async () => {
    const subscription = push.newTestSubscription();
    expect(subscription.endpoint.startsWith(`${push.url}/push/`)).toBe(true);
    expect(b64(subscription.keys.p256dh)).toHaveLength(65);
    expect(b64(subscription.keys.auth)).toHaveLength(16);
    const payload = JSON.stringify({ title: 'Order delivered', body: 'ML86 · ৳200', url: '/orders/ORD1' });
    const response = await send(subscription.endpoint, encrypt(payload, subscription.keys), {
      ttl: '3600',
      urgency: 'high',
      topic: 'order-ORD1',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(new RegExp(`^${push.url}/message/`));
    expect((await listed(push)).filter((m) => m.endpoint === subscription.endpoint)).toEqual([
      { endpoint: subscription.endpoint, ttl: 3600, urgency: 'high', topic: 'order-ORD1', at: expect.any(String), payload },
    ]);
    expect(JSON.parse(push.messages().find((m) => m.endpoint === subscription.endpoint)!.payload!)).toMatchObject({
      title: 'Order delivered',
    });
  });

  it('lists messages oldest first; urgency defaults to normal and topic to null', async () => {
    const subscription = push.newTestSubscription();
    for (const text of ['first', 'second']) expect((await send(subscription.endpoint, encrypt(text, subscription.keys))).status).toBe(201);
    const mine = (await listed(push)).filter((m) => m.endpoint === subscription.endpoint);
    expect(mine.map((m) => [m.payload, m.urgency, m.topic, m.ttl])).toEqual([
      ['first', 'normal', null, 60],
      ['second', 'normal', null, 60],
    ]);
  });

  it('accepts a message to a subscription it holds no keys for, with payload null', async () => {
    const endpoint = push.endpointFor('someone-else');
    expect(endpoint).toBe(`${push.url}/push/someone-else`);
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const body = encrypt('secret', { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') });
    expect((await send(endpoint, body)).status).toBe(201);
    expect((await listed(push)).filter((m) => m.endpoint === endpoint)).toEqual([expect.objectContaining({ payload: null })]);
  });

  it('records why a body to a test subscription did not decrypt', async () => {
    const subscription = push.newTestSubscription();
    const wrongAuth = { ...subscription.keys, auth: randomBytes(16).toString('base64url') };
    expect((await send(subscription.endpoint, encrypt('x', wrongAuth))).status).toBe(201);
    expect(push.messages().find((m) => m.endpoint === subscription.endpoint)).toMatchObject({ payload: null, error: expect.any(String) });
  });

  it('an invalid VAPID credential: 403, nothing recorded; none at all: 401', async () => {
    const subscription = push.newTestSubscription();
    const body = encrypt('x', subscription.keys);
    const now = Math.floor(Date.now() / 1000);
    const other = vapidKeys();
    const signedByOther = vapidHeader(other, claimsFor(push)).replace(/k=.*$/, `k=${sender.publicKey.toString('base64url')}`);
    const cases = [
      ['another audience', vapidHeader(sender, { ...claimsFor(push), aud: 'https://push.example' })],
      ['expired', vapidHeader(sender, { ...claimsFor(push), exp: now - 1 })],
      ['exp over 24 h away', vapidHeader(sender, { ...claimsFor(push), exp: now + 25 * 60 * 60 })],
      ['sub not a URL', vapidHeader(sender, { ...claimsFor(push), sub: 'ops@shop.example' })],
      ['signed by another key', signedByOther],
      ['alg not ES256', vapidHeader(sender, claimsFor(push), { typ: 'JWT', alg: 'HS256' })],
      ['not vapid', 'Bearer abc'],
    ] as const;
    for (const [name, authorization] of cases) expect((await send(subscription.endpoint, body, { authorization })).status, name).toBe(403);
    expect((await send(subscription.endpoint, body, { authorization: undefined })).status).toBe(401);
    expect(push.messages().some((m) => m.endpoint === subscription.endpoint)).toBe(false);
  });

  it('accepts an https: sub', async () => {
    const subscription = push.newTestSubscription();
    const authorization = vapidHeader(sender, { ...claimsFor(push), sub: 'https://shop.example/contact' });
    expect((await send(subscription.endpoint, encrypt('x', subscription.keys), { authorization })).status).toBe(201);
  });

  it('a missing TTL: 400; a bad Urgency or Topic: 400; another content coding: 400', async () => {
    const subscription = push.newTestSubscription();
    const body = encrypt('x', subscription.keys);
    expect((await send(subscription.endpoint, body, { ttl: undefined })).status).toBe(400);
    expect((await send(subscription.endpoint, body, { urgency: 'asap' })).status).toBe(400);
    expect((await send(subscription.endpoint, body, { topic: 'not a topic!' })).status).toBe(400);
    expect((await send(subscription.endpoint, body, { 'content-encoding': 'aesgcm' })).status).toBe(400);
    expect(push.messages().some((m) => m.endpoint === subscription.endpoint)).toBe(false);
  });

  it('a body over 4096 octets: 413; exactly 4096: accepted', async () => {
    const subscription = push.newTestSubscription();
    const overhead = 21 + 65 + 16 + 1;
    expect((await send(subscription.endpoint, encrypt('a'.repeat(4096 - overhead + 1), subscription.keys))).status).toBe(413);
    const exact = encrypt('a'.repeat(4096 - overhead), subscription.keys);
    expect(exact).toHaveLength(4096);
    expect((await send(subscription.endpoint, exact)).status).toBe(201);
    expect(
      push
        .messages()
        .filter((m) => m.endpoint === subscription.endpoint)
        .map((m) => m.payload),
    ).toEqual(['a'.repeat(4096 - overhead)]);
  });
});

describe('unsubscription', () => {
  it('after /test/gone an endpoint answers 410 from then on', async () => {
    const subscription = push.newTestSubscription();
    expect((await send(subscription.endpoint, encrypt('before', subscription.keys))).status).toBe(201);
    const id = subscription.endpoint.split('/').at(-1)!;
    expect((await fetch(`${push.url}/test/gone/${id}`, { method: 'POST' })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await send(subscription.endpoint, encrypt('after', subscription.keys))).status).toBe(410);
    expect(
      push
        .messages()
        .filter((m) => m.endpoint === subscription.endpoint)
        .map((m) => m.payload),
    ).toEqual(['before']);
  });

  it('after /test/not-found an endpoint answers 404', async () => {
    await fetch(`${push.url}/test/not-found/lost`, { method: 'POST' });
    expect((await send(push.endpointFor('lost'), Buffer.alloc(0))).status).toBe(404);
  });
});

it('starts on a given port', async () => {
  const port = await freePort();
  expect((await start(port)).url).toBe(`http://127.0.0.1:${port}`);
});
