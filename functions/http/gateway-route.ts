import { Unauthorized } from '../shared/errors';
import type { Schema } from '../shared/validation';
import { type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler, rawBodyOf } from './stack';

/** A call to a payment gateway's webhook path: its headers, its body as the stack parsed it, and the exact text sent. */
export interface GatewayCall {
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
  rawBody: string;
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
 * gateway; a call it does not find authentic is a 401 before the body is validated. The handler
 * gets the call as the check saw it (`call`), for the adapter to read.
 */
export function gatewayRoute<B extends Schema | undefined, Caller extends object>(
  options: RouteOptions<B, undefined, undefined>,
  check: GatewayCallCheck<Caller>,
  run: (request: HttpRequest<Parsed<B>, undefined, undefined> & Caller & { call: GatewayCall }) => Promise<Reply>,
) {
  return buildHandler(
    'gateway',
    async (event) => {
      const body = typeof event.body === 'object' && event.body !== null ? (event.body as Record<string, unknown>) : {};
      const call = { headers: event.headers, body, rawBody: rawBodyOf(event) };
      const caller = await check(event.pathParameters?.gateway, call);
      if (!caller) throw new Unauthorized('Invalid API key');
      return { ...caller, call };
    },
    options,
    run,
  );
}
