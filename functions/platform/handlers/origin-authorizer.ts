import type { APIGatewayRequestSimpleAuthorizerHandlerV2 } from 'aws-lambda';
import { isFromCloudFront } from '../../http/origin-check';
import { originVerifyHeader } from '../../shared/config';

/**
 * The HTTP API's authorizer on every route: API Gateway asks it, before any route's function
 * runs, whether a request carries CloudFront's origin secret. A request without the header is
 * refused by API Gateway itself (401, no invocation at all); the answer for a header value is
 * cached for five minutes, so CloudFront's traffic almost never reaches this function and a direct
 * caller never reaches a 1024 MB route function.
 */
export const handler: APIGatewayRequestSimpleAuthorizerHandlerV2 = async (event) => ({
  isAuthorized: isFromCloudFront(event.headers?.[originVerifyHeader]),
});
