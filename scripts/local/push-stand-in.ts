import { type ECDH, createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { json, listenOnLoopback } from './local-service';

export interface PushStandInOptions {
  port?: number /* default 0 */;
}

/** A subscription as `PushSubscription.toJSON()` gives it to the application server. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push message the stand-in accepted, oldest first. */
export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: Urgency;
  topic: string | null;
  /** When it was accepted, ISO 8601. */
  at: string;
  /** The decrypted text, for the stand-in's own test subscriptions; null otherwise (or when there was no body). */
  payload: string | null;
  /** Why a body sent to a test subscription could not be decrypted (a browser would drop it); absent otherwise. */
  error?: string;
}

export interface PushStandIn {
  url: string;
  stop(): Promise<void>;
  /** The push resource for `id`: `${url}/push/<id>`. */
  endpointFor(id: string): string;
  /** A subscription whose private key and auth secret the stand-in keeps, so it can read what is pushed to it. */
  newTestSubscription(): TestSubscription;
  messages(): ReceivedPush[];
}

type Urgency = 'very-low' | 'low' | 'normal' | 'high';
const urgencies = new Set<string>(['very-low', 'low', 'normal', 'high']);
/** RFC 8030 §7.2: a push service MUST accept payloads up to 4096 octets and MAY refuse larger ones with 413. */
const maxBody = 4096;
/** RFC 8292 §2: `exp` MUST NOT be more than 24 hours from the time of the request. */
const maxExpirySeconds = 24 * 60 * 60;
/** RFC 8030 §5.4: a topic is at most 32 characters of the URL- and filename-safe Base64 alphabet. */
const topicPattern = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Opens an `aes128gcm` Web Push body as the user agent does (RFC 8291 §3.4 over RFC 8188 §2): the
 * header's salt, record size and key id (the application server's ephemeral P-256 public key), ECDH
 * with the subscription's private key, `IKM = HKDF(auth, ecdh, "WebPush: info" 0x00 ua_public as_public, 32)`,
 * then the content-encryption key and nonce from `HKDF(salt, IKM, …)`; one record, whose padding
 * delimiter must be 0x02. Throws when the body is malformed or does not authenticate.
 */
export function decryptWebPush(body: Buffer, receiver: { privateKey: Buffer; authSecret: Buffer }): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error(`keyid is ${idLength} octets, not an uncompressed P-256 point (65)`);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length < 17) throw new Error('no record');
  if (record.length > recordSize) throw new Error('more than one record (RFC 8291 §4 allows one)');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, receiver.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 0x02) throw new Error('the last record does not end with the 0x02 padding delimiter');
  return padded.subarray(0, end);
}

/**
 * Checks a `vapid t=<JWT>, k=<key>` credential (RFC 8292 §2–3): an ES256 JWT signed by the P-256
 * key `k`, whose `aud` is the push service's origin, `exp` in the future and at most 24 hours away,
 * and `sub` a `mailto:` or `https:` URL. Answers why it is invalid, or null when it is valid.
 */
export function vapidProblem(authorization: string, origin: string, now = Date.now()): string | null {
  const match = /^vapid\s+(.+)$/i.exec(authorization.trim());
  if (!match) return 'not the vapid scheme';
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const [name, ...value] = part.split('=');
    if (name && value.length) params.set(name.trim().toLowerCase(), value.join('=').trim().replace(/^"|"$/g, ''));
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) return 'missing t or k';
  const publicKey = Buffer.from(key, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) return 'k is not an uncompressed P-256 point';
  const parts = token.split('.');
  if (parts.length !== 3) return 't is not a JWS compact serialisation';
  const [header, claims, signature] = parts as [string, string, string];
  let parsedHeader: Record<string, unknown>;
  let parsedClaims: Record<string, unknown>;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString());
    parsedClaims = JSON.parse(Buffer.from(claims, 'base64url').toString());
  } catch {
    return 't does not decode to JSON';
  }
  if (parsedHeader.alg !== 'ES256') return 'alg is not ES256';
  let signed: boolean;
  try {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: publicKey.subarray(1, 33).toString('base64url'),
      y: publicKey.subarray(33).toString('base64url'),
    };
    signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return 'k is not a key on P-256';
  }
  if (!signed) return 'the signature does not verify with k';
  if (parsedClaims.aud !== origin) return `aud is not ${origin}`;
  const exp = parsedClaims.exp;
  const seconds = Math.floor(now / 1000);
  if (typeof exp !== 'number' || exp <= seconds) return 'exp is missing or past';
  if (exp > seconds + maxExpirySeconds) return 'exp is more than 24 hours away';
  const sub = parsedClaims.sub;
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return 'sub is not a mailto: or https: URL';
  return null;
}

/**
 * The local stand-in for a browser's push service, speaking the Web Push protocol (RFC 8030) with
 * VAPID (RFC 8292) and reading `aes128gcm` message encryption (RFC 8291, RFC 8188). Messages live in memory.
 *
 * - `POST /push/<id>` with `TTL`, optional `Urgency` and `Topic`, `Authorization: vapid t=<JWT>, k=<key>`
 *   and an encrypted body (`Content-Encoding: aes128gcm`) → 201 with a `Location` for the message.
 *   No Authorization → 401 and an invalid VAPID credential → 403 (RFC 8292 §4.2); a missing or
 *   malformed TTL, Urgency or Topic, or a body with another content coding → 400; a body over 4096
 *   octets → 413; a subscription marked gone → 410, not found → 404.
 * - Every id is a subscription; `newTestSubscription()` makes one whose keys the stand-in keeps, so
 *   what is pushed to it is decrypted and listed as UTF-8 text.
 *
 * Shortcuts for tests, outside the protocol: `POST /test/subscriptions` answers a new test
 * subscription (as `newTestSubscription()`, for a process other than the stand-in's);
 * `POST /test/gone/<id>` makes that endpoint answer 410 from then on, `POST /test/not-found/<id>`
 * 404; `POST /test/fail-once/<id>` makes its next push answer 500 (a push service's outage, which
 * the sender retries); `POST /test/redirect/<id>?to=<url>` makes it answer 307 to that address (no
 * push service does; a sender must not follow it); `GET /messages` lists every accepted message,
 * oldest first.
 */
export async function startPushStandIn(options: PushStandInOptions = {}): Promise<PushStandIn> {
  const { port = 0 } = options;
  const received: ReceivedPush[] = [];
  const receivers = new Map<string, { ecdh: ECDH; authSecret: Buffer }>();
  const removed = new Map<string, 404 | 410>();
  const failingOnce = new Set<string>();
  const redirects = new Map<string, string>();
  let origin = '';

  const endpointFor = (id: string) => `${origin}/push/${encodeURIComponent(id)}`;
  const problem = (response: ServerResponse, status: number, reason: string) => json(response, status, { error: reason });

  async function push(request: IncomingMessage, response: ServerResponse, id: string) {
    const status = removed.get(id);
    if (status) return problem(response, status, status === 410 ? 'Gone: the subscription has expired' : 'Not Found');
    if (failingOnce.delete(id)) return problem(response, 500, 'Internal Server Error: failing once, as asked');
    const redirect = redirects.get(id);
    if (redirect) return response.writeHead(307, { location: redirect }).end();
    const authorization = request.headers.authorization;
    if (!authorization) return problem(response, 401, 'Unauthorized: no vapid authentication');
    const vapid = vapidProblem(authorization, origin);
    if (vapid) return problem(response, 403, `Forbidden: ${vapid}`);

    const ttlText = request.headers.ttl;
    if (typeof ttlText !== 'string' || !/^\d+$/.test(ttlText.trim())) return problem(response, 400, 'TTL is missing or not a number');
    const urgency = (request.headers.urgency ?? 'normal').toString().toLowerCase();
    if (!urgencies.has(urgency)) return problem(response, 400, 'Urgency is not very-low, low, normal or high');
    const topic = request.headers.topic ?? null;
    if (topic !== null && !(typeof topic === 'string' && topicPattern.test(topic)))
      return problem(response, 400, 'Topic is not at most 32 base64url characters');

    const body = await readBytes(request, maxBody);
    if (body === null) return problem(response, 413, `Payload Too Large: over ${maxBody} octets`);
    if (body.length > 0 && request.headers['content-encoding']?.toLowerCase() !== 'aes128gcm')
      return problem(response, 400, 'Content-Encoding must be aes128gcm');

    const message: ReceivedPush = {
      endpoint: endpointFor(id),
      ttl: Math.min(Number(ttlText.trim()), 2 ** 31),
      urgency: urgency as Urgency,
      topic,
      at: new Date().toISOString(),
      payload: null,
    };
    const receiver = receivers.get(id);
    if (receiver && body.length > 0) {
      try {
        message.payload = decryptWebPush(body, { privateKey: receiver.ecdh.getPrivateKey(), authSecret: receiver.authSecret }).toString(
          'utf8',
        );
      } catch (error) {
        message.error = error instanceof Error ? error.message : String(error);
      }
    }
    received.push(message);
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}`, ttl: String(message.ttl) }).end();
  }

  const server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url ?? '/', origin).pathname;
      const [, area, first, second, ...rest] = path.split('/');
      if (area === 'push' && first && second === undefined) {
        if (request.method !== 'POST') return problem(response, 405, 'Method Not Allowed');
        return await push(request, response, decodeURIComponent(first));
      }
      if (request.method === 'GET' && path === '/messages') return json(response, 200, received);
      if (request.method === 'POST' && path === '/test/subscriptions') return json(response, 200, newTestSubscription());
      if (request.method === 'POST' && area === 'test' && first === 'fail-once' && second && rest.length === 0) {
        failingOnce.add(decodeURIComponent(second));
        return json(response, 200, { endpoint: endpointFor(decodeURIComponent(second)), status: 500 });
      }
      if (request.method === 'POST' && area === 'test' && first === 'redirect' && second && rest.length === 0) {
        const to = new URL(request.url ?? '/', origin).searchParams.get('to');
        if (!to) return problem(response, 400, 'to is required');
        redirects.set(decodeURIComponent(second), to);
        return json(response, 200, { endpoint: endpointFor(decodeURIComponent(second)), status: 307, location: to });
      }
      if (request.method === 'POST' && area === 'test' && second && rest.length === 0 && (first === 'gone' || first === 'not-found')) {
        const id = decodeURIComponent(second);
        const status = first === 'gone' ? 410 : 404;
        removed.set(id, status);
        return json(response, 200, { endpoint: endpointFor(id), status });
      }
      return problem(response, 404, 'Not Found');
    } catch (error) {
      console.error('push stand-in: request failed', error);
      if (!response.headersSent) problem(response, 500, 'Server Error');
      else response.end();
    }
  });

  function newTestSubscription(): TestSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    receivers.set(id, { ecdh, authSecret });
    return {
      endpoint: endpointFor(id),
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    };
  }

  origin = await listenOnLoopback(server, port);
  return {
    url: origin,
    endpointFor,
    newTestSubscription,
    messages: () => received.map((message) => ({ ...message })),
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** A request's whole body as bytes; null as soon as it passes `limit` octets. */
function readBytes(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
