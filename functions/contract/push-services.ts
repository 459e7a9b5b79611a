/**
 * The push services that browsers subscribe at (RFC 8030 push resources), by host name: the only
 * addresses the shop sends Web Push to, so that a shopper cannot make it post to any other host
 * (an internal address, a metadata service, a site of theirs). A subscription names its service in
 * the endpoint's host; `subdomains` admits the per-region hosts a service uses.
 */
const pushServices: readonly { host: string; subdomains: boolean; name: string }[] = [
  // Chrome, Chromium Edge on Android, Samsung Internet, Opera, Brave: Firebase Cloud Messaging.
  { host: 'fcm.googleapis.com', subdomains: false, name: 'Google' },
  { host: 'updates.push.services.mozilla.com', subdomains: false, name: 'Mozilla' },
  // Safari: web.push.apple.com.
  { host: 'push.apple.com', subdomains: true, name: 'Apple' },
  // Edge on Windows: the Windows Push Notification Services' regional hosts, wns2-<region>.notify.windows.com.
  { host: 'notify.windows.com', subdomains: true, name: 'Microsoft' },
];

/** The local stack's push stand-in listens on this machine's loopback, over plain http. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The push service an endpoint belongs to, or undefined for an address the shop does not push to:
 * https on a listed host, on the default port, without credentials in it; or, where
 * `loopbackStandIn` (the local stage), plain http on this machine's loopback.
 */
export function pushServiceOf(endpoint: string, loopbackStandIn: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'http:') return loopbackStandIn && loopbackHosts.has(url.hostname) ? 'Local stand-in' : undefined;
  if (url.protocol !== 'https:' || url.port !== '') return undefined;
  const service = pushServices.find(({ host, subdomains }) => url.hostname === host || (subdomains && url.hostname.endsWith(`.${host}`)));
  return service?.name;
}
