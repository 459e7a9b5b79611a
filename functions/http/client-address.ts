import { isIPv6 } from 'node:net';

/**
 * The caller's address as the login limits count it: CloudFront's `x-viewer-ip` (set by the
 * distribution's viewer-request function over whatever the viewer sent; only CloudFront reaches
 * the API, see origin-check.ts), else API Gateway's source address. An IPv6 caller is counted by
 * its /64: one subscriber line or phone usually holds a whole /64, so counting single addresses
 * would let it rotate through 2^64 of them.
 */
export function clientAddress(viewerIp: string | undefined, sourceIp: string): string {
  const address = (viewerIp ?? sourceIp).trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return isIPv6(address) ? `${ipv6Groups(address).slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, lower case, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * The browser's first-party device id as sent (X-Device-Id, web/src/lib/device.ts): a random id
 * of 16 to 64 letters, digits and dashes, lower-cased; anything else is no id (it is the client's
 * word, counted and blocked, never trusted for more).
 */
export function deviceIdOf(header: string | undefined): string {
  const id = header?.trim().toLowerCase() ?? '';
  return /^[a-z0-9-]{16,64}$/.test(id) ? id : '';
}
