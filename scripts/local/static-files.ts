import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { inlineHashes, securityHeaders } from '../../infra/security-headers';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * Serves a built SPA the way the CloudFront distribution does: files from the bucket, hashed
 * assets cached for a year, and index.html for every other path so that the router decides.
 * `headers` are the distribution's security headers (infra/security-headers.ts: the CSP with the
 * hashes of this build's inline scripts), which the local stack sends on every response as
 * CloudFront's response headers policy does, so that the browser tests run under them.
 */
export function staticSpa(root: string, options: { uploadOrigin: string }) {
  const headers = securityHeaders({ inline: inlineHashes(root), uploadOrigin: options.uploadOrigin });
  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const candidate = normalize(join(root, pathname));
    const inside = candidate.startsWith(root + sep);
    const file = inside && (await isFile(candidate)) ? candidate : join(root, 'index.html');
    const immutable = file.includes(`${sep}assets${sep}`);
    response.writeHead(200, {
      'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(response);
  };
  return Object.assign(serve, { headers });
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
