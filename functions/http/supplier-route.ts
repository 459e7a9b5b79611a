import type { Schema } from '../shared/validation';
import { type Event, type HttpRequest, type Parsed, type Reply, type RouteOptions, buildHandler } from './stack';

/** The exact bytes the caller sent, as text: a signature is over them, never over a parsed and re-serialised body. */
const rawBodyOf = (event: Event) =>
  typeof event.body !== 'string' ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

/**
 * A route a top-up supplier's server calls. The caller is anonymous until the handler checks the
 * supplier's signature over `rawBody` (each supplier signs its own way, so its adapter checks it).
 */
export function supplierRoute<P extends Schema | undefined = undefined>(
  options: RouteOptions<undefined, P, undefined>,
  run: (request: HttpRequest<undefined, Parsed<P>, undefined> & { rawBody: string }) => Promise<Reply>,
) {
  return buildHandler('supplier', async (event) => ({ rawBody: rawBodyOf(event) }), options, run);
}
