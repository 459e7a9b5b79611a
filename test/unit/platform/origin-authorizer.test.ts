import type { APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { testOriginSecret } from '../../support/lambda-event';

vi.stubEnv('ORIGIN_VERIFY_SECRET', testOriginSecret);
const { handler } = await import('../../../functions/platform/handlers/origin-authorizer');

const ask = (headers: Record<string, string>) =>
  handler(
    { type: 'REQUEST', routeArn: 'arn', routeKey: 'POST /api/auth/login', headers } as APIGatewayRequestAuthorizerEventV2,
    {} as Context,
    () => {},
  );

describe("the API's origin authorizer", () => {
  it("lets through only a request carrying CloudFront's origin secret", async () => {
    expect(await ask({ 'x-origin-verify': testOriginSecret })).toEqual({ isAuthorized: true });
    expect(await ask({ 'x-origin-verify': `${testOriginSecret}x` })).toEqual({ isAuthorized: false });
    expect(await ask({ 'x-origin-verify': '' })).toEqual({ isAuthorized: false });
    expect(await ask({})).toEqual({ isAuthorized: false });
  });
});
