import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { inlineHashes, securityHeaders, siteCacheControl, siteFolders } from '../../infra/security-headers';

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
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

/** Types CloudFront compresses (text); images other than SVG and fonts are already compressed. */
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);

/** CloudFront compresses files from 1,000 bytes to 10 MB; smaller ones go as they are. */
const minCompressBytes = 1000;
const maxCompressBytes = 10_000_000;

type Encoding = 'br' | 'gzip';

const compress: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

/** Brotli when the client takes it, else gzip, else nothing (a `q=0` refuses an encoding). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : undefined;
}

/**
 * Serves a built SPA the way the CloudFront distribution does: files from the bucket, hashed
 * assets cached for a year, index.html for every other path so that the router decides, and
 * text compressed with brotli or gzip as the viewer accepts (`Vary: Accept-Encoding`). A built
 * folder does not change while it is served, so each file is compressed once and kept.
 * `headers` are the distribution's security headers (infra/security-headers.ts: the CSP with the
 * hashes of this build's inline scripts), which the local stack sends on every response as
 * CloudFront's response headers policy does, so that the browser tests run under them.
 */
export function staticSpa(root: string, options: { uploadOrigin: string }) {
  const headers = securityHeaders({ inline: inlineHashes(root), uploadOrigin: options.uploadOrigin });
  const compressed = new Map<string, Promise<Buffer>>();
  const compressedBody = (file: string, version: string, encoding: Encoding) => {
    const key = `${encoding}:${file}:${version}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then(compress[encoding]);
      body.catch(() => compressed.delete(key));
      compressed.set(key, body);
    }
    return body;
  };

  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const candidate = normalize(join(root, pathname));
    const inside = candidate.startsWith(root + sep);
    const found = inside ? await fileStat(candidate) : undefined;
    const file = found ? candidate : join(root, 'index.html');
    const info = found ?? (await stat(file));
    const folder = file.slice(root.length + 1).split(sep)[0];
    const kind = folder === siteFolders.assets ? 'assets' : folder === siteFolders.images ? 'images' : 'other';
    const extension = extname(file);
    const fileHeaders: Record<string, string | number> = {
      'content-type': contentTypes[extension] ?? 'application/octet-stream',
      'cache-control': siteCacheControl[kind],
    };
    const canCompress = compressible.has(extension) && info.size >= minCompressBytes && info.size <= maxCompressBytes;
    if (canCompress) fileHeaders.vary = 'Accept-Encoding';
    const encoding = canCompress ? chooseEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) {
      const body = await compressedBody(file, `${info.mtimeMs}:${info.size}`, encoding);
      response.writeHead(200, { ...fileHeaders, 'content-encoding': encoding, 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    response.writeHead(200, { ...fileHeaders, 'content-length': info.size });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };
  return Object.assign(serve, { headers });
}

async function fileStat(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}
