import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback service of the local stack (the sandbox gateway, the stand-in Google). */
export interface LocalService {
  url: string;
  stop(): Promise<void>;
}

/** Listens on `port` of the loopback interface (0: a free one) and resolves with the origin. */
export function listenOnLoopback(server: Server, port = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

/** Listens on a free loopback port and resolves with the service's origin. */
export async function listen(server: Server): Promise<LocalService> {
  const url = await listenOnLoopback(server);
  return { url, stop: () => new Promise((done) => server.close(() => done())) };
}

/** A request's whole body as text. */
export function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** Text made safe to put in HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A JSON answer. */
export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Waits a stand-in makes on purpose (a slow answer, a delayed callback), each released early by
 * `releaseAll` so that stopping the stand-in never leaves a request or a test hanging.
 */
export function pauses() {
  const waiting = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  return {
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        const entry = {
          timer: setTimeout(() => {
            waiting.delete(entry);
            resolve();
          }, ms),
          resolve,
        };
        waiting.add(entry);
      }),
    releaseAll() {
      for (const entry of waiting) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      waiting.clear();
    },
  };
}

/** An HTML page, never cached. */
export function html(response: ServerResponse, status: number, page: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
}

/** A request's JSON object body; `{}` when empty, null when it is not a JSON object. */
export async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const text = (await readText(request)).trim();
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
