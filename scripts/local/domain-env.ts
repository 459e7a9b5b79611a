import { randomBytes } from 'node:crypto';
import { gatewaySecret } from './gateway-stand-ins';

/** The shop's sender on the local stack (the mailbox stand-in takes any). */
export const localMailFrom = 'TopUp Bazar <no-reply@topupbazar.local>';

/** What a process outside a running local stack knows of it: its addresses and the secrets it was handed. */
export interface RunningStack {
  url: string;
  dynamoDbEndpoint: string;
  tableName: string;
  gatewayUrl: string;
  mailboxUrl: string;
  masterSecret: string;
  /** UddoktaPay's key at the stand-in (the seed of the other gateways' credentials: gateway-stand-ins.ts). */
  gatewayApiKey: string;
  /** The other gateways' stand-ins by registry name (scripts/local/gateways/). */
  gatewayUrls: Record<string, string>;
  /** The fake top-up supplier, and the credentials the stack was handed for it (`supplierEnvironment`). */
  supplierUrl: string;
  supplierCredentials: SupplierCredentials;
  /** The Secrets Manager stand-in and the name of the VAPID keys in it (a stack that has them). */
  secretsManagerUrl?: string;
  vapidSecretId?: string;
}

/**
 * The top-up supplier's API username, key and webhook secret, and the nickname lookup's own key
 * (the fake supplier serves the lookup too, under that key alone).
 */
export interface SupplierCredentials {
  username: string;
  apiKey: string;
  webhookSecret: string;
  lookupKey: string;
}

/** New credentials for the fake supplier, which a caller hands the stack it starts (and keeps, to sign as the supplier). */
export const newSupplierCredentials = (username: string): SupplierCredentials => ({
  username,
  apiKey: randomBytes(18).toString('base64url'),
  webhookSecret: randomBytes(18).toString('base64url'),
  lookupKey: randomBytes(24).toString('base64url'),
});

/** The variables that hand a stack (or the domain code) the supplier's credentials and the lookup's key. */
export const supplierEnvironment = (credentials: SupplierCredentials): Record<string, string> => ({
  SUPPLIER_USERNAME: credentials.username,
  SUPPLIER_API_KEY: credentials.apiKey,
  SUPPLIER_WEBHOOK_SECRET: credentials.webhookSecret,
  PLAYER_LOOKUP_KEY: credentials.lookupKey,
});

/**
 * The environment under which the shop's domain code (repos, services) in another process (a
 * test worker, the bench) reaches a running local stack's table, secrets, gateway and mailbox as
 * the stack's own functions do; logging and metrics off.
 */
export async function domainEnvironment(stack: RunningStack): Promise<Record<string, string>> {
  const otherGateways = Object.keys(stack.gatewayUrls);
  return {
    STAGE: 'local',
    TABLE_NAME: stack.tableName,
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoDbEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    APP_MASTER_SECRET: stack.masterSecret,
    GATEWAY_API_KEY: await gatewaySecret(stack.gatewayApiKey, otherGateways),
    GATEWAY_URL: stack.gatewayUrl,
    ...(otherGateways.length > 0 ? { GATEWAY_URLS: JSON.stringify(stack.gatewayUrls) } : {}),
    SITE_URL: stack.url,
    MAIL_FROM: localMailFrom,
    AWS_ENDPOINT_URL_SESV2: stack.mailboxUrl,
    SUPPLIER_URL: stack.supplierUrl,
    PLAYER_LOOKUP_URL: stack.supplierUrl,
    ...supplierEnvironment(stack.supplierCredentials),
    ...(stack.secretsManagerUrl && stack.vapidSecretId
      ? { VAPID_SECRET_ID: stack.vapidSecretId, AWS_ENDPOINT_URL_SECRETS_MANAGER: stack.secretsManagerUrl }
      : {}),
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
}
