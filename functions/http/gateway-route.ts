import { Unauthorized } from '../shared/errors';
import type { Schema } from '../shared/validation';
import { type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';

/** A call to a payment gateway's webhook path: its headers, and its body as the stack parsed it. */
export interface GatewayCall {
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

/**
 * Who calls: the gateway that the path names (`gateway`: the `{gateway}` parameter, absent on a
 * path that names none), when that gateway's adapter finds the call its own; undefined when it
 * does not.
 */
export type GatewayCallCheck<Caller extends object> = (gateway: string | undefined, call: GatewayCall) => Promise<Caller | undefined>;

/**
 * A route a payment gateway's server calls. Each gateway proves its calls its own way (a key
 * header, a signature), so the handler gives the check, which asks the adapter of the path's
 * gateway; a call it does not find authentic is a 401 before the body is validated.
 */
export function gatewayRoute<B extends Schema | undefined, Caller extends object>(
  options: RouteOptions<B, undefined, undefined>,
  check: GatewayCallCheck<Caller>,
  run: (request: HttpRequest<Parsed<B>, undefined, undefined> & Caller) => Promise<Reply>,
) {
  return buildHandler(
    'gateway',
    async (event) => {
      const body = typeof event.body === 'object' && event.body !== null ? (event.body as Record<string, unknown>) : {};
      const caller = await check(event.pathParameters?.gateway, { headers: event.headers, body });
      if (!caller) throw new Unauthorized('Invalid API key');
      return caller;
    },
    options,
    run,
  );
}
