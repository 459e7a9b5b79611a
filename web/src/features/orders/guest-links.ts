/**
 * The secret links of a guest's orders, kept on this device (localStorage `shop.guestOrders`,
 * newest first, at most `keptLinks`): the return from the gateway opens the newest, and an order
 * page opened from a receipt is remembered too. The token is the link's only key: it goes into no
 * log or analytics, and leaves the device only to the /guest routes that ask for it.
 */
export interface GuestOrderLink {
  orderId: string;
  token: string;
  /** When it was stored (ISO): the newest is first. */
  createdAt: string;
}

const storageKey = 'shop.guestOrders';

/** How many links a device keeps: enough for a guest's recent orders, never a growing list. */
export const keptLinks = 20;

/** The token of an order link, `{site}/order/{token}`: its last path segment. */
export function tokenOfOrderLink(link: string): string {
  let pathname = link;
  try {
    pathname = new URL(link, window.location.origin).pathname;
  } catch {
    // Not a URL: its last segment all the same.
  }
  return decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
}

/** The in-app path of an order link (its pathname), for a link of this site or one sent in a receipt. */
export function pathOfOrderLink(link: string): string {
  try {
    return new URL(link, window.location.origin).pathname;
  } catch {
    return link;
  }
}

/** The links kept on this device, newest first (none when storage is unavailable or holds something else). */
export function guestOrderLinks(): GuestOrderLink[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(kept)
      ? kept.filter((entry): entry is GuestOrderLink => typeof entry?.token === 'string' && typeof entry?.orderId === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Keeps an order's link first (moved there if it was kept already), dropping the oldest beyond `keptLinks`. */
export function rememberGuestOrder(link: GuestOrderLink): void {
  const others = guestOrderLinks().filter((kept) => kept.token !== link.token);
  try {
    localStorage.setItem(storageKey, JSON.stringify([link, ...others].slice(0, keptLinks)));
  } catch {
    // Without storage the receipt's link still opens the order.
  }
}

/** Keeps the link of an order page being opened, unless the device has it already (its place and date stay). */
export function keepOpenedGuestOrder(orderId: string, token: string): void {
  if (guestOrderLinks().some((kept) => kept.token === token)) return;
  rememberGuestOrder({ orderId, token, createdAt: new Date().toISOString() });
}
