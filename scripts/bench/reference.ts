import { execFileSync } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { staticSpa } from '../local/static-files';
import { projectRoot } from './paths';

/**
 * The floor the shop's pages are measured against (`../shared/perf/`, copied unchanged into
 * `scripts/bench/reference-page/`): react-dom, a data router and SWR rendering the shop's own
 * catalog and images, and nothing else. Built by Vite in production mode from inside the
 * checkout, so that it resolves the project's own packages.
 */
export function buildReferencePage(outDir: string): void {
  const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', join('scripts', 'bench', 'reference-page'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/**
 * Serves the built reference page exactly as the stack serves the shop (the same static module:
 * compressed, the same security headers), and sends everything else (`/api/*`, the catalog's
 * images) on to the running stack, so that both pages fetch the same answers from the same
 * origin process. Returns its URL and a stop function.
 */
export async function serveReferencePage(builtDir: string, stackUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const spa = staticSpa(builtDir, { uploadOrigin: new URL(stackUrl).origin });
  const stack = new URL(stackUrl);
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = httpRequest(
      {
        host: stack.hostname,
        port: stack.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: stack.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  };
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path.startsWith('/assets/')) {
      for (const [name, value] of Object.entries(spa.headers)) outgoing.setHeader(name, value);
      spa(incoming, outgoing).catch(() => {
        if (!outgoing.headersSent) outgoing.writeHead(500);
        outgoing.end();
      });
    } else {
      forward(incoming, outgoing);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
