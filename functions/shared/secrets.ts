import { hkdfSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Keys derived from the stage's one secret; none of them is ever logged. */
export interface AppSecrets {
  /** HS256 key for session tokens. */
  tokenKey: Uint8Array;
  /** AES-256-GCM key for data encrypted at rest (game-account passwords). */
  dataKey: Buffer;
  /** HMAC key of the device cookies that let an account's owner in while strangers have locked it. */
  deviceKey: Uint8Array;
  /** The payment gateway's API key, sent on our calls and expected on its callbacks. */
  gatewayApiKey: string;
}

/**
 * In the cloud APP_SECRET_ID names a Secrets Manager secret holding JSON
 * `{"master": "...", "gatewayApiKey": "..."}`; locally APP_MASTER_SECRET and GATEWAY_API_KEY
 * carry the same values. Token and data keys are derived from the master with HKDF so that
 * rotating the master rotates both.
 */
const secretId = process.env.APP_SECRET_ID;
const client = secretId ? new SecretsManagerClient({}) : undefined;

let loading: Promise<AppSecrets> | undefined;

/** The stage's secrets, fetched once per container and cached; a failed fetch is retried next call. */
export function appSecrets(): Promise<AppSecrets> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<AppSecrets> {
  const raw = client ? await fetchSecret(client, secretId!) : localSecret();
  if (!raw.master || raw.master.length < 32) throw new Error('The stage secret has no usable master key');
  return {
    tokenKey: derive(raw.master, 'session-token'),
    dataKey: Buffer.from(derive(raw.master, 'data-at-rest')),
    deviceKey: derive(raw.master, 'device-token'),
    gatewayApiKey: raw.gatewayApiKey ?? '',
  };
}

interface RawSecret {
  master?: string;
  gatewayApiKey?: string;
}

async function fetchSecret(secrets: SecretsManagerClient, id: string): Promise<RawSecret> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: id }));
  return JSON.parse(SecretString ?? '{}') as RawSecret;
}

function localSecret(): RawSecret {
  return { master: process.env.APP_MASTER_SECRET, gatewayApiKey: process.env.GATEWAY_API_KEY };
}

function derive(master: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, 'storefront', purpose, 32));
}
