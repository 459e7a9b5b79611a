/**
 * The headers an edge function may not touch, from the CloudFront developer guide, "Restrictions
 * on all edge functions", HTTP headers: the disallowed headers (an edge function can neither read
 * nor set them; a request a function changes that way fails validation and the viewer gets a 502)
 * and the read-only headers per event. Names are lower case; a trailing `*` is a prefix.
 */
export const disallowedHeaders = [
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'trailer',
  'upgrade',
  'x-accel-buffering',
  'x-accel-charset',
  'x-accel-limit-rate',
  'x-accel-redirect',
  'x-amz-cf-*',
  'x-amzn-auth',
  'x-amzn-cf-billing',
  'x-amzn-cf-id',
  'x-amzn-cf-xff',
  'x-amzn-errortype',
  'x-amzn-fle-profile',
  'x-amzn-header-count',
  'x-amzn-header-order',
  'x-amzn-lambda-integration-tag',
  'x-amzn-requestid',
  'x-cache',
  'x-edge-*',
  'x-forwarded-proto',
  'x-real-ip',
];

export const readOnlyHeaders = {
  'viewer-request': ['content-length', 'host', 'transfer-encoding', 'via'],
  'viewer-response': ['content-encoding', 'content-length', 'transfer-encoding', 'warning', 'via'],
} as const;

/** Whether a header name is on a list (exact, or by a `*` prefix). */
export function listed(name: string, list: readonly string[]): boolean {
  const header = name.toLowerCase();
  return list.some((entry) => (entry.endsWith('*') ? header.startsWith(entry.slice(0, -1)) : header === entry));
}
