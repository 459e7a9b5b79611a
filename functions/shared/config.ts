import { defaultTopUpLimits } from '../contract/rules';

/** Reads a required environment variable once, failing fast at cold start when it is missing. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** The stage name (dev, prod, local, test); used in log context and cookie-free config. */
export const stage = process.env.STAGE ?? 'local';

/**
 * The shop's public origin (https://shop.example.com, or the local stack's), from the stage's
 * configuration: links in e-mails and the gateway's return addresses are built on it, never on a
 * request header.
 */
export const siteUrl = () => requiredEnv('SITE_URL').replace(/\/+$/, '');

/** The least and the most one wallet top-up may add, in whole taka: the stage's TOP_UP_MIN_TAKA and TOP_UP_MAX_TAKA. */
export const topUpLimits = {
  min: Number(process.env.TOP_UP_MIN_TAKA ?? defaultTopUpLimits.min),
  max: Number(process.env.TOP_UP_MAX_TAKA ?? defaultTopUpLimits.max),
};

/** What the gateway key secret holds until the operator sets the merchant's real key; refused as a key. */
export const gatewayKeyPlaceholder = 'set-me';

/** The header CloudFront adds to every request it sends to the API (an origin custom header), carrying the origin secret. */
export const originVerifyHeader = 'x-origin-verify';
