import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { originVerifyHeader } from '../../functions/shared/config';
import { type Route, apiBasePath, canonicalPath } from '../../functions/routes/route';
import { matchRoute } from '../../functions/routes/match';
import { type LocalEdgeCache, edgeQuery } from './edge-cache';
import type { FunctionHost, LocalFunction } from './function-host';

/** API Gateway's own payload limit; the handlers enforce their much smaller one. */
const maxPayloadBytes = 10 * 1024 * 1024;

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
const textTypes = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))/i;

/** Which function serves a route-table row, or the fallback for requests no row matches. */
export type FunctionResolver = (route: Route | undefined) => LocalFunction;

/**
 * Serves /api the way API Gateway and CloudFront do in the cloud: the trailing slash goes (as
 * the distribution's viewer function does), the origin secret is added (as the distribution's
 * origin custom header is), the route table picks the function, the request becomes an HTTP API
 * v2 event for it, and its result becomes the response. GETs of the cached public reads go
 * through the edge cache first, keyed on the path and the row's `query` parameters only (all
 * that reaches their function), as the distribution's public-reads behaviours do.
 */
export const apiAdapter =
  (host: FunctionHost, functionFor: FunctionResolver, originVerifySecret: string, edgeCache?: LocalEdgeCache) =>
  async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = canonicalPath(url.pathname);
    const method = (request.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, path.slice(apiBasePath.length));
    const route = match.kind === 'route' ? match.route : undefined;
    const routeKey = route ? `${route.method} ${apiBasePath}${canonicalPath(route.path)}` : '$default';
    // A cached read's behaviour forwards only the query parameters of its row, as CloudFront's cache policy does.
    const search = route?.cachedAs ? edgeQuery(url.searchParams, route.query) : url.search;
    const searchParams = new URLSearchParams(search);

    const body = await readBody(request);
    if (body === undefined) {
      response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Request Entity Too Large' }));
      return;
    }
    const contentType = request.headers['content-type'] ?? '';
    const isText = body.length === 0 || textTypes.test(contentType);
    const started = Date.now();
    const clientIp = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: path,
      rawQueryString: search.slice(1),
      cookies: request.headers.cookie?.split(';').map((cookie) => cookie.trim()),
      headers: eventHeaders(request, clientIp, originVerifySecret),
      queryStringParameters: search ? Object.fromEntries(searchParams) : undefined,
      pathParameters: match.kind === 'route' && Object.keys(match.params).length > 0 ? match.params : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: request.headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp: clientIp,
          userAgent: request.headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: new Date(started).toUTCString(),
        timeEpoch: started,
      },
      body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
      isBase64Encoded: !isText,
    };

    const invoke = async (): Promise<APIGatewayProxyStructuredResultV2> => {
      try {
        return (await host.invoke(functionFor(route), event)) as APIGatewayProxyStructuredResultV2;
      } catch (error) {
        // A function that throws past its own error handler, or fails to load, is a crash; API Gateway answers 502.
        console.error('function crashed', error);
        return { statusCode: 502, body: JSON.stringify({ message: 'Internal Server Error' }) };
      }
    };
    if (!edgeCache || !route?.cachedAs || (method !== 'GET' && method !== 'HEAD')) {
      writeResult(response, await invoke());
      return;
    }
    const key = `${path}${search}`;
    const cached = edgeCache.lookup(key);
    if (cached) {
      // A stale copy is served while one request refreshes it (stale-while-revalidate).
      if (cached.state === 'stale') void invoke().then((fresh) => edgeCache.store(key, fresh));
      writeResult(
        response,
        cached.result,
        { 'x-cache': 'Hit from cloudfront', age: String(cached.ageSeconds) },
        request.headers['if-none-match'],
      );
      return;
    }
    const result = await invoke();
    edgeCache.store(key, result);
    writeResult(response, result, { 'x-cache': 'Miss from cloudfront' }, request.headers['if-none-match']);
  };

/**
 * API Gateway lower-cases header names and joins repeated values with commas; x-viewer-ip (the
 * caller's address) is overwritten, as the distribution's viewer-request function does, and
 * x-origin-verify, as its origin custom header is.
 */
function eventHeaders(request: IncomingMessage, clientIp: string, originVerifySecret: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-viewer-ip'] = clientIp;
  headers[originVerifyHeader] = originVerifySecret;
  return headers;
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxPayloadBytes) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > maxPayloadBytes ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Writes a function's result; a cached one whose ETag the client already holds is a bodiless 304, as at the edge. */
function writeResult(
  response: ServerResponse,
  result: APIGatewayProxyStructuredResultV2,
  edgeHeaders: Record<string, string> = {},
  ifNoneMatch?: string,
): void {
  const headers: Record<string, string | string[]> = { ...edgeHeaders };
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const etag = result.headers?.etag;
  if (etag !== undefined && result.statusCode === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
    response.writeHead(304, headers).end();
    return;
  }
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  response.writeHead(result.statusCode ?? 200, headers).end(body);
}
