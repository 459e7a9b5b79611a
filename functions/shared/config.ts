/** Reads a required environment variable once, failing fast at cold start when it is missing. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** The stage name (dev, prod, local, test); used in log context and cookie-free config. */
export const stage = process.env.STAGE ?? 'local';

/** What the gateway key secret holds until the operator sets the merchant's real key; refused as a key. */
export const gatewayKeyPlaceholder = 'set-me';

/** The header CloudFront adds to every request it sends to the API (an origin custom header), carrying the origin secret. */
export const originVerifyHeader = 'x-origin-verify';
