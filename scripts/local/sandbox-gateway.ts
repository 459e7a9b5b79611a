import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalService {
  url: string;
  stop(): Promise<void>;
}

/** Listens on a free loopback port and resolves with the service's origin. */
export function listen(server: Server): Promise<LocalService> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The sandbox payment gateway of the local stack (UddoktaPay-compatible; see the API contract). */
export function startSandboxGateway(): Promise<LocalService> {
  return listen(
    createServer((request, response) => {
      const status = request.url === '/health' ? 200 : 404;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status === 200 }));
    }),
  );
}
