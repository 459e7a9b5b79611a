import { createHmac } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A stand-in for one more payment gateway, beside UddoktaPay's sandbox: the module
 * `scripts/local/gateways/<registry name>.ts`, found by its file name, exports these two.
 */
export interface GatewayStandInModule {
  /** The merchant's credentials at the stand-in, as its adapter reads them from the gateway secret, made from `seed`. */
  credentials(seed: string): unknown;
  /** Starts it on loopback, accepting only `credentials`. */
  start(options: { credentials: unknown }): Promise<{ url: string; stop: () => Promise<void> }>;
}

/** Where the extra gateways' stand-ins live. */
export const gatewayStandInsDir = join(import.meta.dirname, 'gateways');

/** Each stand-in's seed: its name signed with UddoktaPay's key, so whoever holds that key can act as any gateway of the stack. */
const seedOf = (name: string, uddoktaPayKey: string) => createHmac('sha256', uddoktaPayKey).update(name).digest('base64url');

const loadStandIn = async (dir: string, name: string) =>
  (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as GatewayStandInModule;

/** The registry names of the stand-ins in `dir`: one per `<name>.ts` (none while the folder is missing). */
export async function gatewayStandInNames(dir = gatewayStandInsDir): Promise<string[]> {
  const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return files.flatMap((file) => (/^[a-z0-9]+\.ts$/.test(file) ? [file.slice(0, -3)] : [])).sort();
}

/**
 * The gateway secret the functions read (`GATEWAY_API_KEY` here): UddoktaPay's bare key while it is
 * the only gateway, else JSON naming each gateway's credentials, as a stage's secret holds them.
 */
export async function gatewaySecret(uddoktaPayKey: string, names: readonly string[], dir = gatewayStandInsDir): Promise<string> {
  if (names.length === 0) return uddoktaPayKey;
  const credentials = await Promise.all(
    names.map(async (name) => [name, (await loadStandIn(dir, name)).credentials(seedOf(name, uddoktaPayKey))] as const),
  );
  return JSON.stringify({ uddoktapay: uddoktaPayKey, ...Object.fromEntries(credentials) });
}

/**
 * Starts every extra gateway's stand-in: their base URLs by registry name (`GATEWAY_URLS`, the
 * stage setting `gatewayUrls` in the cloud) and the secret that holds all the gateways' credentials.
 */
export async function startGatewayStandIns(uddoktaPayKey: string, dir = gatewayStandInsDir) {
  const names = await gatewayStandInNames(dir);
  const started = await Promise.all(
    names.map(async (name) => {
      const standIn = await loadStandIn(dir, name);
      return [name, await standIn.start({ credentials: standIn.credentials(seedOf(name, uddoktaPayKey)) })] as const;
    }),
  );
  return {
    urls: Object.fromEntries(started.map(([name, { url }]) => [name, url])) as Record<string, string>,
    secret: await gatewaySecret(uddoktaPayKey, names, dir),
    stop: async () => {
      await Promise.all(started.map(([, { stop }]) => stop()));
    },
  };
}
