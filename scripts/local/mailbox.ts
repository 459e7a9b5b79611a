import type { AddressInfo } from 'node:net';
import type { LocalService } from './local-service';

/**
 * The local stack's mail: aws-ses-v2-local, an SES v2 emulator from npm, on loopback. It keeps
 * what the shop sends; its page lists the mails, and `GET /store` answers them as JSON (tests).
 */
export async function startMailbox(): Promise<LocalService> {
  const imported = (await import('aws-ses-v2-local')) as unknown as { default: StartServer | { default: StartServer } };
  const start = typeof imported.default === 'function' ? imported.default : imported.default.default;
  const server = await start({ host: '127.0.0.1', port: 0 });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) };
}

type StartServer = (config: { host: string; port: number }) => Promise<import('node:http').Server>;
