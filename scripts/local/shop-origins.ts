import { networkInterfaces } from 'node:os';

/** The names of this machine that only it can open. */
const loopbackHosts = ['localhost', '127.0.0.1', '[::1]'];

/** Listening on these means every interface of the machine. */
const wildcardHosts = new Set(['0.0.0.0', '::']);

interface Shop {
  /** The shop's URL as the stack announces it (`http://localhost:<port>`): the port is what counts. */
  url: string;
  /** The interface the stack listens on (HOST); loopback when not given. */
  host?: string;
}

/**
 * Whether `origin` is one the shop is served from, so that its pages may call the stack's other
 * services (the local file store's uploads): the shop's port at a loopback name, and when the
 * stack listens beyond loopback (HOST=0.0.0.0 to test from a phone) at the machine's interface
 * addresses, read at each call since they change with the network.
 */
export function isShopOrigin(origin: string, shop: Shop): boolean {
  const { port } = new URL(shop.url);
  return shopHosts(shop.host).some((host) => new URL(`http://${host}:${port}`).origin === origin);
}

function shopHosts(listensOn: string | undefined): string[] {
  if (listensOn === undefined || loopbackHosts.includes(urlHost(listensOn))) return loopbackHosts;
  const addresses = Object.values(networkInterfaces())
    .flat()
    .map((network) => urlHost(network!.address));
  return [...loopbackHosts, ...addresses, ...(wildcardHosts.has(listensOn) ? [] : [urlHost(listensOn)])];
}

/** A host as it stands in a URL: IPv6 addresses in brackets. */
const urlHost = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
