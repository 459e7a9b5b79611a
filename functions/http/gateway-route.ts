import { createHash, timingSafeEqual } from 'node:crypto';
import { Unauthorized } from '../shared/errors';
import { gatewayApiKey } from '../shared/secrets';
import type { Schema } from '../shared/validation';
import { type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';

/**
 * The gateway's API key, compared in constant time (hashes first, so lengths leak nothing). While
 * the key is not set, 503 (and a log line saying so) before anything is compared.
 */
async function requireGatewayKey(presented: string | undefined): Promise<Record<never, never>> {
  const expected = await gatewayApiKey();
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!presented || !timingSafeEqual(digest(presented), digest(expected))) {
    throw new Unauthorized('Invalid API key');
  }
  return {};
}

/** A route the payment gateway's server calls, with the merchant's API key in RT-UDDOKTAPAY-API-KEY. */
export function gatewayRoute<B extends Schema | undefined = undefined>(
  options: RouteOptions<B, undefined, undefined>,
  run: (request: HttpRequest<Parsed<B>, undefined, undefined>) => Promise<Reply>,
) {
  return buildHandler('gateway', (event) => requireGatewayKey(event.headers['rt-uddoktapay-api-key']), options, run);
}
