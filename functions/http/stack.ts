import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createHash } from 'node:crypto';
import type { Access, CachedRead } from '../routes/route';
import { edgeCacheControlOf } from '../routes/edge-cache';
import { AppError, MethodNotAllowed, TooManyRequests } from '../shared/errors';
import { logger } from '../shared/logger';
import { type Output, type Schema, parseInput } from '../shared/validation';
import { clientAddress, deviceIdOf } from './client-address';
import type { EdgeInvalidation } from './edge-cache';
import { requireCloudFront } from './origin-check';

/** What a handler returns: the envelope body, built with `success` or `blogSuccess`, or a file's text, built with `fileResponse`. */
export interface Reply {
  statusCode?: number;
  /** The envelope, sent as JSON; a string is sent as it is, with the content type its headers name. */
  body: Record<string, unknown> | string;
  headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway's v2 `cookies`). */
  cookies?: string[];
  /** Of the cached reads the route may invalidate, the ones this write changed (default: all of them). */
  changed?: readonly CachedRead[];
  /** A cached read's answer that changes at a known second (a sale's start or end): seconds until then. */
  freshForSeconds?: number;
}

/** The contract's success envelope: `{status: 1, message, data}`. */
export const success = (data: unknown = {}, message = ''): Reply => ({ body: { status: 1, message, data } });

/** The blog routes' success envelope: `{status: true, data}`. */
export const blogSuccess = (data: unknown): Reply => ({ body: { status: true, data } });

/** A file to download instead of the envelope (a CSV export): its text, its content type and the name a browser saves it under. */
export const fileResponse = (body: string, contentType: string, filename: string): Reply => ({
  body,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"` },
});

/** What a route's schema makes of its input; `undefined` without a schema. */
export type Parsed<S> = S extends Schema ? Output<S> : undefined;

/** What every handler sees: the validated body, path parameters and query, and facts of the request. */
export interface HttpRequest<Body, Params, Query = undefined> {
  body: Body;
  params: Params;
  query: Query;
  method: string;
  /** The path as requested, with the /api prefix. */
  path: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  /** The request's cookies by name. */
  cookies: Record<string, string>;
  /** The caller's address (an IPv6 caller's /64), for counting attempts: see client-address.ts. */
  clientIp: string;
  /** The browser's first-party device id (X-Device-Id, web/src/lib/device.ts), when it sent a well-formed one; else empty. */
  deviceId: string;
}

export type Event = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
export type Result = APIGatewayProxyStructuredResultV2;

/** The middleware that reads a request body into an object (body.ts). */
export type BodyParser = middy.MiddlewareObj<Event, Result>;

export interface RouteOptions<B, P, Q = undefined> {
  /** Schema of the body; its messages are the user-facing ones. Without one the body is ignored. Given with its parser: `...formBody(schema)`. */
  body?: B;
  bodyParser?: BodyParser;
  /** Schema of the path parameters. */
  params?: P;
  /** Schema of the query string's parameters. */
  query?: Q;
  /** A public read the edge caches (its row's `cachedAs`): a successful GET carries Cache-Control for CloudFront and an ETag. */
  cachedAs?: CachedRead;
  /**
   * A read with two routes (public-route.ts `publicTwinRead`): the contract's POST, whose input is
   * the body, and its cached GET twin, whose input is the query string.
   */
  twin?: true;
  /** The cached reads a write changes (its row's `invalidates`; see edge-cache.ts `invalidating`), invalidated after a success. */
  invalidates?: EdgeInvalidation;
}

/**
 * A route's access check: it runs after the body is read and before it is validated, refuses by
 * throwing, and answers what the handler gets besides the request (the checked user, say).
 */
export type AccessCheck<Caller> = (event: Event) => Promise<Caller>;

/** A built Lambda handler, marked with the access and caching it applies so that a test can hold it to its route row. */
export type HttpHandler = ReturnType<typeof middy<Event, Result>> & {
  readonly access: Access;
  readonly cachedAs?: CachedRead;
  readonly invalidates: readonly CachedRead[];
  /** The query parameters its schema reads (a cached row's `query`). */
  readonly query: readonly string[];
};

/**
 * Builds a Lambda handler on the one Middy stack: logger context, the CloudFront origin check
 * (403 before any other work), header normalising, body parsing for routes with a body
 * (body.ts: multipart, JSON, urlencoded under a size limit), the access check, validation, and the
 * error handler that alone writes error envelopes. Handlers call it through the builder of their
 * access (`publicRoute`, `userRoute`, `adminRoute`, `gatewayRoute`), never directly.
 */
export function buildHandler<
  Caller extends object,
  B extends Schema | undefined,
  P extends Schema | undefined,
  Q extends Schema | undefined,
>(
  access: Access,
  check: AccessCheck<Caller>,
  options: RouteOptions<B, P, Q>,
  run: (request: HttpRequest<Parsed<B>, Parsed<P>, Parsed<Q>> & Caller) => Promise<Reply>,
): HttpHandler {
  if ((options.body === undefined) !== (options.bodyParser === undefined))
    throw new Error('A body schema comes with its parser: use formBody(schema)');
  const callers = new WeakMap<Event, Caller>();
  const base = async (event: Event): Promise<Result> => {
    const method = event.requestContext.http.method;
    const reading = method === 'GET' || method === 'HEAD';
    const request: HttpRequest<Parsed<B>, Parsed<P>, Parsed<Q>> = {
      body: (options.body && !(options.twin && reading) ? parseInput(options.body, event.body) : undefined) as Parsed<B>,
      params: (options.params ? parseInput(options.params, event.pathParameters) : undefined) as Parsed<P>,
      query: (options.query && !(options.twin && !reading)
        ? parseInput(options.query, event.queryStringParameters)
        : undefined) as Parsed<Q>,
      method,
      path: event.rawPath,
      rawQueryString: event.rawQueryString,
      headers: event.headers,
      cookies: Object.fromEntries(
        (event.cookies ?? []).map((cookie) => [cookie.slice(0, cookie.indexOf('=')).trim(), cookie.slice(cookie.indexOf('=') + 1).trim()]),
      ),
      clientIp: clientAddress(event.headers['x-viewer-ip'], event.requestContext.http.sourceIp),
      deviceId: deviceIdOf(event.headers['x-device-id']),
    };
    const reply = await run({ ...request, ...callers.get(event)! });
    const statusCode = reply.statusCode ?? 200;
    const succeeded = statusCode < 300;
    if (succeeded && options.invalidates) await options.invalidates.run(reply.changed);
    const response =
      typeof reply.body === 'string'
        ? textResponse(statusCode, reply.body, reply.headers)
        : jsonResponse(statusCode, reply.body, reply.headers);
    if (succeeded && options.cachedAs && reading)
      Object.assign(response.headers!, {
        'cache-control': edgeCacheControlOf(options.cachedAs, reply.freshForSeconds),
        etag: entityTag(response.body!),
      });
    return { ...response, ...(reply.cookies ? { cookies: reply.cookies } : {}) };
  };

  const handler = middy<Event, Result>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(accessLog())
    .use(errorEnvelope())
    .use({ before: ({ event }) => requireCloudFront(event.headers) })
    .use(httpHeaderNormalizer())
    .use(access === 'gateway' ? keepRawBody() : [])
    .use(options.bodyParser ?? [])
    .use({
      before: async ({ event }) => {
        callers.set(event, await check(event));
      },
    })
    .handler(base as (event: Event, context: Context) => Promise<Result>);
  return Object.assign(handler, {
    access,
    cachedAs: options.cachedAs,
    invalidates: options.invalidates?.reads ?? [],
    query: schemaFields(options.query),
  });
}

const rawBodies = new WeakMap<Event, string>();

/** The exact text a gateway's server sent, kept before the body parser replaces it: a signature may be over these bytes. */
export const rawBodyOf = (event: Event) => rawBodies.get(event) ?? '';

function keepRawBody(): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const body =
        typeof event.body !== 'string' ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      rawBodies.set(event, body);
    },
  };
}

/** The fields an object schema reads (valibot's `entries`); none without a schema. */
const schemaFields = (schema: Schema | undefined): string[] => Object.keys((schema as { entries?: object } | undefined)?.entries ?? {});

/** A strong validator of a cached answer: the edge (and a browser through it) can answer 304 to a matching If-None-Match. */
const entityTag = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): Result {
  return textResponse(statusCode, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/** A body as it is, with the content type its headers name (JSON's, or a file's from `fileResponse`); never cached, never sniffed. */
function textResponse(statusCode: number, body: string, headers: Record<string, string> = {}): Result {
  return {
    statusCode,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
    body,
  };
}

/** One line per request with route, status and duration; never headers or bodies. */
function accessLog(): middy.MiddlewareObj<Event, Result> {
  // Per request, not per container: requests of one process may overlap (the local stack, tests).
  const startedAt = new WeakMap<Event, number>();
  const line = (request: middy.Request<Event, Result>) => {
    const { http, requestId } = request.event.requestContext;
    logger.info('request', {
      apiRequestId: requestId,
      method: http.method,
      path: http.path,
      status: request.response?.statusCode,
      durationMs: Date.now() - (startedAt.get(request.event) ?? Date.now()),
    });
  };
  return {
    before: (request) => {
      startedAt.set(request.event, Date.now());
    },
    after: line,
    onError: (request) => {
      if (request.response) line(request);
    },
  };
}

/** Turns every thrown error into the contract's envelope; internals never reach the caller. */
function errorEnvelope(): middy.MiddlewareObj<Event, Result> {
  return {
    onError: (request) => {
      request.response = errorResponse(request.error);
    },
  };
}

/** Maps an error to its response: typed errors keep their code and message, the rest is a 500. */
export function errorResponse(error: unknown): Result {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error instanceof MethodNotAllowed) headers.allow = error.allow.join(', ');
    if (error instanceof TooManyRequests && error.retryAfterSeconds) headers['retry-after'] = String(error.retryAfterSeconds);
    if (error.statusCode >= 500) logger.error('request failed', { error });
    return jsonResponse(error.statusCode, { status: 0, message: error.message, ...error.extra }, headers);
  }
  const status = (error as { statusCode?: number } | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Middy's parsers throw 413/415/422 for bodies they cannot read: that is the caller's input.
    const message = status === 413 ? 'Request body is too large' : status === 415 ? 'Unsupported content type' : 'Malformed request body';
    return jsonResponse(400, { status: 0, message, errors: { body: message } });
  }
  logger.error('unhandled error', { error });
  return jsonResponse(500, { status: 0, message: 'Something went wrong' });
}
