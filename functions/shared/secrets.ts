import { hkdfSync } from 'node:crypto';
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { gatewayKeyPlaceholder } from './config';
import { ServiceUnavailable } from './errors';
import { logger } from './logger';

/**
 * The stage's secrets. In the cloud each is its own Secrets Manager secret, named to a function
 * only where its route row grants it: APP_SECRET_ID (the key ring) and GATEWAY_SECRET_ID (the
 * payment gateways' credentials). They are read through Powertools Parameters and cached for
 * `secretMaxAgeSeconds`, so a rotation reaches warm containers within that time. Locally
 * APP_MASTER_SECRET and GATEWAY_API_KEY carry the values instead. Nothing here is ever logged.
 */
export const secretMaxAgeSeconds = 300;

/** One key of the ring, with what is derived from it (HKDF): the session-token, data and device keys. */
export interface StageKey {
  id: string;
  /** HS256 key for session tokens. */
  tokenKey: Uint8Array;
  /** AES-256-GCM key for data sealed at rest (game-account passwords). */
  dataKey: Buffer;
  /** HMAC key of the device cookies that let an account's owner in while strangers have locked it. */
  deviceKey: Uint8Array;
  /** HS256 key of the links the shop mails that act without a sign-in (one-click unsubscribe). */
  mailLinkKey: Uint8Array;
  /** HMAC key that one-time codes are kept under (a texted code's hash), so a read of the table does not reveal them. */
  codeKey: Uint8Array;
}

/** The key ring: `current` makes new tokens and sealed values; every key in it still reads old ones. */
export interface KeyRing {
  current: StageKey;
  get(id: string): StageKey | undefined;
}

/** The key id of tokens and sealed values made before key ids existed. */
export const firstKeyId = 'master';

const keyRingId = process.env.APP_SECRET_ID;
const gatewaySecretId = process.env.GATEWAY_SECRET_ID;

let derived: { raw: string; ring: KeyRing } | undefined;

/** The stage's key ring, from the cache while it is younger than the max age. */
export async function keyRing(): Promise<KeyRing> {
  const raw = keyRingId
    ? await getSecret(keyRingId, { maxAge: secretMaxAgeSeconds })
    : JSON.stringify({ current: firstKeyId, [firstKeyId]: process.env.APP_MASTER_SECRET });
  if (typeof raw !== 'string') throw new Error('The key ring secret is not a string');
  if (derived?.raw !== raw) derived = { raw, ring: keyRingFrom(JSON.parse(raw) as Record<string, unknown>) };
  return derived.ring;
}

/**
 * A key ring from the secret's JSON: `current` names the key in use, every other field is a key
 * (at least 32 characters). Rotation adds a key and, once every container has read it (the max
 * age), moves `current` to it; an old key is removed only when nothing made with it matters.
 */
export function keyRingFrom(secret: Record<string, unknown>): KeyRing {
  const keys = new Map<string, StageKey>();
  for (const [id, value] of Object.entries(secret)) {
    if (id === 'current') continue;
    if (typeof value !== 'string' || value.length < 32) throw new Error(`Key ${id} of the key ring is not a usable key`);
    keys.set(id, {
      id,
      tokenKey: derive(value, 'session-token'),
      dataKey: Buffer.from(derive(value, 'data-at-rest')),
      deviceKey: derive(value, 'device-token'),
      mailLinkKey: derive(value, 'mail-link'),
      codeKey: derive(value, 'one-time-code'),
    });
  }
  const current = keys.get(String(secret.current ?? firstKeyId));
  if (!current) throw new Error('The key ring names no usable current key');
  return { current, get: (id) => keys.get(id) };
}

function derive(master: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, 'storefront', purpose, 32));
}

/**
 * A payment gateway's credentials, sent on its calls and expected on its webhooks, from the stage's
 * gateway secret: JSON naming each gateway's own (`{"uddoktapay": "<API key>", …}`), or, as the
 * stage was first deployed, one API key alone, which is the credentials of the gateway that passes
 * `ownsBareKey`. Until the operator replaces the placeholder the deploy created, every gateway
 * path answers 503 and logs why, rather than accepting callbacks signed with a value anyone can
 * read in this repository.
 */
export async function gatewayCredentials(gateway: string, { ownsBareKey = false } = {}): Promise<unknown> {
  const raw = gatewaySecretId ? await getSecret(gatewaySecretId, { maxAge: secretMaxAgeSeconds }) : process.env.GATEWAY_API_KEY;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const credentials = text.startsWith('{') ? jsonField(text, gateway) : ownsBareKey ? text : undefined;
  if (!credentials || credentials === gatewayKeyPlaceholder) {
    logger.error('the payment gateway API key is not set: put the merchant key in the gateway key secret (README, Deploy)', { gateway });
    throw new ServiceUnavailable('Payments are not available right now, please try again later');
  }
  return typeof credentials === 'string' ? credentials.trim() : credentials;
}

/** A field of a JSON secret; undefined when the text is not a JSON object. */
function jsonField(text: string, field: string): unknown {
  try {
    return (JSON.parse(text) as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

/**
 * The fields of a JSON secret the operator fills in: each a trimmed string, or '' while it is
 * missing, empty or still the deploy's placeholder (so a placeholder never passes as a value).
 */
function secretFields<Name extends string>(raw: unknown, names: readonly Name[]): Record<Name, string> {
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : {}) as Partial<Record<Name, unknown>>;
  const field = (value: unknown) =>
    typeof value === 'string' && value.trim() && value.trim() !== gatewayKeyPlaceholder ? value.trim() : '';
  return Object.fromEntries(names.map((name) => [name, field(parsed[name])])) as Record<Name, string>;
}

const supplierSecretId = process.env.SUPPLIER_SECRET_ID;

/** The top-up supplier's API username and key, and the secret its webhooks are signed with. */
export interface SupplierCredentials {
  username: string;
  apiKey: string;
  webhookSecret: string;
}

/**
 * The supplier's credentials: SUPPLIER_SECRET_ID's JSON in the cloud, SUPPLIER_USERNAME,
 * SUPPLIER_API_KEY and SUPPLIER_WEBHOOK_SECRET locally. Until they are set, automatic delivery
 * falls back to the operators' queue (the callers treat this error as the supplier refusing).
 */
export async function supplierCredentials(): Promise<SupplierCredentials> {
  const raw = supplierSecretId
    ? await getSecret(supplierSecretId, { maxAge: secretMaxAgeSeconds })
    : JSON.stringify({
        username: process.env.SUPPLIER_USERNAME,
        apiKey: process.env.SUPPLIER_API_KEY,
        webhookSecret: process.env.SUPPLIER_WEBHOOK_SECRET,
      });
  const credentials: SupplierCredentials = secretFields(raw, ['username', 'apiKey', 'webhookSecret']);
  if (!credentials.username || !credentials.apiKey || !credentials.webhookSecret) {
    logger.error('the supplier credentials are not set: put them in the supplier secret (README, Delivery)');
    throw new SupplierNotConfigured();
  }
  return credentials;
}

/** The supplier's credentials are missing: automatic delivery waits for a person. */
export class SupplierNotConfigured extends Error {
  constructor() {
    super('The supplier credentials are not set');
    this.name = 'SupplierNotConfigured';
  }
}

const lookupSecretId = process.env.LOOKUP_SECRET_ID;

/**
 * The nickname lookup's own key: LOOKUP_SECRET_ID's JSON `{"key"}` in the cloud, PLAYER_LOOKUP_KEY
 * locally. Apart from the supplier's credentials on purpose: nothing made from a supplier's key
 * ever leaves for the lookup's host. Undefined until the operator sets it (lookups are then unavailable).
 */
export async function playerLookupKey(): Promise<string | undefined> {
  const raw = lookupSecretId
    ? await getSecret(lookupSecretId, { maxAge: secretMaxAgeSeconds })
    : JSON.stringify({ key: process.env.PLAYER_LOOKUP_KEY });
  return secretFields(raw, ['key']).key || undefined;
}

const telegramSecretId = process.env.TELEGRAM_SECRET_ID;

/**
 * The operators' Telegram bot token: TELEGRAM_SECRET_ID's JSON `{"botToken"}` in the cloud (the
 * outbox consumer's alone), TELEGRAM_BOT_TOKEN locally. Undefined until the operator sets it (README,
 * Operator alerts); the token is never logged, nor the URL it is part of.
 */
export async function telegramBotToken(): Promise<string | undefined> {
  const raw = telegramSecretId
    ? await getSecret(telegramSecretId, { maxAge: secretMaxAgeSeconds })
    : JSON.stringify({ botToken: process.env.TELEGRAM_BOT_TOKEN });
  return secretFields(raw, ['botToken']).botToken || undefined;
}

const smsSecretId = process.env.SMS_SECRET_ID;

/** The SMS provider's API key, and the sender id messages go out under ('' for the provider's default, non-masking one). */
export interface SmsCredentials {
  apiKey: string;
  senderId: string;
}

/**
 * The SMS provider's credentials: SMS_SECRET_ID's JSON `{"apiKey", "senderId"}` in the cloud,
 * SMS_API_KEY and SMS_SENDER_ID locally. The key is '' until the operator sets it (the deploy's
 * placeholder counts as missing): the adapter then sends nothing and says so. Never logged.
 */
export async function smsCredentials(): Promise<SmsCredentials> {
  const raw = smsSecretId
    ? await getSecret(smsSecretId, { maxAge: secretMaxAgeSeconds })
    : JSON.stringify({ apiKey: process.env.SMS_API_KEY, senderId: process.env.SMS_SENDER_ID });
  return secretFields(raw, ['apiKey', 'senderId']);
}

const vapidSecretId = process.env.VAPID_SECRET_ID;

/** The stage's VAPID key pair (RFC 8292), base64url, and the contact a push service may write to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` URL. */
  subject: string;
}

/**
 * The VAPID keys: VAPID_SECRET_ID's JSON `{"publicKey", "privateKey", "subject"}`, in the cloud
 * and on the local stack alike (its Secrets Manager stand-in). Undefined until the operator puts
 * real keys in place of the deploy's placeholders: the shop then offers no push, and mails still go.
 */
export async function vapidKeys(): Promise<VapidKeys | undefined> {
  if (!vapidSecretId) throw new Error('VAPID_SECRET_ID is not set: this function is not granted the VAPID keys');
  const raw = await getSecret(vapidSecretId, { maxAge: secretMaxAgeSeconds });
  const keys: VapidKeys = secretFields(raw, ['publicKey', 'privateKey', 'subject']);
  if (!keys.publicKey || !keys.privateKey || !keys.subject) {
    logger.error('the VAPID keys are not set: put them in the VAPID secret (README, Deploy)');
    return undefined;
  }
  return keys;
}
