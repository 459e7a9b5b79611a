import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpUrlEncodeBodyParser from '@middy/http-urlencode-body-parser';
import { Invalid } from '../shared/errors';
import type { Schema } from '../shared/validation';
import type { BodyParser } from './stack';

/**
 * The request body: only the routes that take one carry the three parsers (busboy among them),
 * so a route without a body, every public read among them, never loads them.
 * `userRoute({ ...formBody(schema) }, …)`.
 */
export function formBody<S extends Schema>(schema: S): { body: S; bodyParser: BodyParser } {
  return { body: schema, bodyParser };
}

/** The largest request body accepted; API Gateway's own limit is far higher. */
export const maxBodyBytes = 64 * 1024;

// The media type is decided here (mediaType below), so the parsers' own narrower checks are off:
// Middy's multipart pattern refuses boundaries that RFC 2046 allows (+ _ . = and quoted ones).
const parsers = {
  'multipart/form-data': httpMultipartBodyParser({
    disableContentTypeCheck: true,
    busboy: { limits: { fieldSize: maxBodyBytes, fields: 100, files: 0 } },
  }),
  'application/json': httpJsonBodyParser({ disableContentTypeError: true }),
  'application/x-www-form-urlencoded': httpUrlEncodeBodyParser({ disableContentTypeError: true }),
};

/** RFC 2046's boundary: 1 to 70 of its characters, not ending in a space. */
const boundaryPattern = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The body's media type, if it is one of the three the API takes: `multipart/form-data` only with
 * a boundary RFC 2046 allows (quoted or not, its parameters in any order).
 */
export function mediaType(contentType: string | undefined): keyof typeof parsers | undefined {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  const media = type.toLowerCase();
  if (media === 'application/json' || media === 'application/x-www-form-urlencoded') return media;
  if (media !== 'multipart/form-data') return undefined;
  const boundary = parameters.map((parameter) => /^boundary=(?:"([^"]*)"|(.*))$/i.exec(parameter)).find(Boolean);
  const value = boundary?.[1] ?? boundary?.[2];
  return value !== undefined && boundaryPattern.test(value) ? media : undefined;
}

/**
 * Parses whichever of the three body types arrived. No body is an empty form; a body of any other
 * type, or one over the size limit, is refused before any work.
 */
const bodyParser: BodyParser = {
  before: async (request) => {
    const { event } = request;
    if (event.body === undefined || event.body === null || event.body === '') {
      event.body = {};
      return;
    }
    const text = String(event.body);
    const bytes = event.isBase64Encoded ? Math.floor((text.length * 3) / 4) : Buffer.byteLength(text);
    if (bytes > maxBodyBytes) throw new Invalid('Request body is too large', { body: 'Request body is too large' });
    const media = mediaType(event.headers['content-type']);
    if (!media) throw new Invalid('Unsupported content type', { body: 'Unsupported content type' });
    await (parsers[media].before as (request: unknown) => Promise<void>)(request);
    if (typeof event.body === 'string') throw new Invalid('Malformed request body', { body: 'Malformed request body' });
    if (event.body === null || typeof event.body !== 'object' || Array.isArray(event.body)) {
      throw new Invalid('Malformed request body', { body: 'Malformed request body' });
    }
  },
};
