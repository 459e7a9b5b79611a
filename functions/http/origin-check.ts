import { createHash, timingSafeEqual } from 'node:crypto';
import { originVerifyHeader, requiredEnv } from '../shared/config';
import { Forbidden } from '../shared/errors';

/**
 * The origin secret, given to every API function as ORIGIN_VERIFY_SECRET: in the cloud a
 * CloudFormation dynamic reference to its own Secrets Manager secret, resolved at deploy like the
 * distribution's copy of it (README, "Only CloudFront reaches the API"), so no public cold start
 * calls Secrets Manager for it.
 */
const expected = digest(requiredEnv('ORIGIN_VERIFY_SECRET'));

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Refuses with 403 a request that did not come through CloudFront (compared in constant time).
 * API Gateway's own URL is public: without this check a caller could skip CloudFront, its WAF and
 * its viewer function, and forge `x-viewer-ip`.
 */
export function requireCloudFront(headers: Record<string, string | undefined>): void {
  if (!isFromCloudFront(headers[originVerifyHeader])) throw new Forbidden();
}

/** Whether a presented x-origin-verify value is the origin secret (compared in constant time). */
export function isFromCloudFront(presented: string | undefined): boolean {
  return presented !== undefined && presented !== '' && timingSafeEqual(digest(presented), expected);
}
