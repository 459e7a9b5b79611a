import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { originVerifyHeader } from '../../functions/shared/config';

/** The origin secret of handlers driven by these events: tests give it to them as ORIGIN_VERIFY_SECRET. */
export const testOriginSecret = 'origin-secret-of-the-unit-tests';

/** A minimal HTTP API v2 event, for driving a handler without a server; as CloudFront sends it unless `viaCloudFront` is false. */
export function httpEvent(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  pathParameters?: Record<string, string>;
  viaCloudFront?: boolean;
}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/test';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { ...(options.viaCloudFront === false ? {} : { [originVerifyHeader]: testOriginSecret }), ...options.headers },
    pathParameters: options.pathParameters,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'test-request',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: options.body,
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

export const lambdaContext = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:test',
  memoryLimitInMB: '128',
  awsRequestId: 'test-invocation',
  logGroupName: '/aws/lambda/test',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} satisfies Context;
