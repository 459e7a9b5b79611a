import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { dirname, join, normalize, sep } from 'node:path';
import { Busboy } from '@fastify/busboy';
import { type LocalService, listen } from './local-service';

/** The local stack's stand-in for the site bucket's uploads. */
export interface UploadStore extends LocalService {
  /** Serves GET /uploads/… from the stored files, as CloudFront serves the bucket's uploads/ prefix. */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

interface StoreOptions {
  /** Where uploaded files are kept. */
  dir: string;
  bucket: string;
  /** The secret key that signed the policy (the local stack's AWS credentials). */
  secretAccessKey: string;
  /** Whether pages of this origin may POST from the browser (S3's CORS rule in the cloud). */
  allowOrigin: (origin: string) => boolean;
}

const contentTypes: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp' };

/**
 * S3's browser-based upload as the local stack's file store: `POST /{bucket}` with a presigned
 * form (the fields of `createPresignedPost` and the file last). It checks what S3 checks: the
 * SigV4 signature of the policy, its expiry, and every condition (the bucket, the key, the
 * content type, the length range), and every field being named by the policy; then it keeps the
 * file under `key`. So the admin console uploads through the same code in both places. It also
 * answers GetObject, signed as the SDK signs it (an operator's look at a shopper's screenshot).
 */
export async function startUploadStore(options: StoreOptions): Promise<UploadStore> {
  const server = createServer((request, response) => {
    const { origin } = request.headers;
    const allowedOrigin = origin !== undefined && options.allowOrigin(origin) ? origin : undefined;
    // As S3: the allowed origin is named back; a preflight from any other is refused with 403.
    const cors = { ...(allowedOrigin && { 'access-control-allow-origin': allowedOrigin }), vary: 'Origin' };
    if (request.method === 'OPTIONS') {
      if (allowedOrigin)
        response.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*' }).end();
      else response.writeHead(403, cors).end('<Error><Code>AccessForbidden</Code></Error>');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (request.method === 'GET' && path.startsWith(`/${options.bucket}/`)) {
      getObject(request, url, options).then(
        ({ file, type }) => {
          response.writeHead(200, { 'content-type': type });
          createReadStream(file).pipe(response);
        },
        (error: Error) =>
          response
            .writeHead(error.message === 'NoSuchKey' ? 404 : 403, { 'content-type': 'application/xml' })
            .end(`<Error><Code>${error.message}</Code></Error>`),
      );
      return;
    }
    if (request.method !== 'POST' || path.replace(/\/$/, '') !== `/${options.bucket}`) {
      response.writeHead(404, cors).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    receive(request, options).then(
      () => response.writeHead(204, cors).end(),
      (error: Error) =>
        response
          .writeHead(error.message === 'EntityTooLarge' ? 400 : 403, { ...cors, 'content-type': 'application/xml' })
          .end(`<Error><Code>${error.message}</Code></Error>`),
    );
  });
  const service = await listen(server);
  return {
    ...service,
    async serve(request, response) {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(options.dir, pathname));
      const type = contentTypes[file.slice(file.lastIndexOf('.'))];
      if (!file.startsWith(join(options.dir, 'uploads') + sep) || !type || !(await isFile(file))) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, {
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      createReadStream(file).pipe(response);
    },
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
/** SigV4's signing key of a day, region and service. */
const signingKeyOf = (secretAccessKey: string, date: string, region: string, service: string) =>
  hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * S3's GetObject (path style, `GET /{bucket}/{key}`), as a function's SDK calls it: the request's
 * SigV4 signature (the Authorization header) is checked as S3 checks it, then the file is read.
 * Rejects with S3's error code.
 */
async function getObject(request: IncomingMessage, url: URL, options: StoreOptions): Promise<{ file: string; type: string }> {
  const authorization = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    request.headers.authorization ?? '',
  );
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!authorization || !amzDate) throw new Error('AccessDenied');
  const [, credential = '', signedHeaders = '', signature = ''] = authorization;
  const [, date = '', region = '', service = ''] = credential.split('/');
  const headers = signedHeaders.split(';');
  const canonicalQuery = [...url.searchParams]
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = headers
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    'GET',
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    String(request.headers['x-amz-content-sha256'] ?? ''),
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/${service}/aws4_request`, sha256(canonicalRequest)].join('\n');
  const expected = hmac(signingKeyOf(options.secretAccessKey, date, region, service), toSign);
  const given = Buffer.from(signature, 'hex');
  if (!headers.includes('host') || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error('SignatureDoesNotMatch');
  const key = decodeURIComponent(url.pathname.slice(options.bucket.length + 2));
  const file = normalize(join(options.dir, key));
  const type = contentTypes[file.slice(file.lastIndexOf('.'))];
  if (!file.startsWith(options.dir + sep) || !type || !(await isFile(file))) throw new Error('NoSuchKey');
  return { file, type };
}

/** Reads the form, checks it as S3 would, and keeps the file. Rejects with S3's error code. */
function receive(request: IncomingMessage, options: StoreOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Buffer | undefined;
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = new Busboy({ headers: request.headers as { 'content-type': string }, limits: { files: 1, fileSize: 10 * 1024 * 1024 } });
    } catch {
      reject(new Error('MalformedPOSTRequest'));
      return;
    }
    busboy.on('field', (name, value) => {
      fields[name] = value;
    });
    busboy.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    busboy.on('error', () => reject(new Error('MalformedPOSTRequest')));
    busboy.on('finish', () => {
      try {
        if (!file) throw new Error('InvalidArgument');
        check(fields, file.length, options);
        const target = normalize(join(options.dir, fields.key!));
        if (!target.startsWith(options.dir + sep)) throw new Error('AccessDenied');
        void mkdir(dirname(target), { recursive: true })
          .then(() => writeFile(target, file!))
          .then(resolve, reject);
      } catch (error) {
        reject(error as Error);
      }
    });
    request.pipe(busboy);
  });
}

/** S3's checks of a POST policy: signature, expiry, conditions, and no field the policy does not name. */
function check(fields: Record<string, string>, size: number, options: StoreOptions): void {
  const { Policy: policy, 'X-Amz-Signature': signature, 'X-Amz-Credential': credential = '', 'X-Amz-Algorithm': algorithm } = fields;
  if (!policy || !signature || algorithm !== 'AWS4-HMAC-SHA256') throw new Error('AccessDenied');
  const [, date = '', region = '', service = ''] = credential.split('/');
  const expected = hmac(signingKeyOf(options.secretAccessKey, date, region, service), policy);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('SignatureDoesNotMatch');

  const { expiration, conditions } = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
  if (!(Date.parse(expiration) > Date.now())) throw new Error('AccessDenied');
  const named = new Set(['policy', 'x-amz-signature', 'file']);
  for (const condition of conditions) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      if (size < Number(condition[1]) || size > Number(condition[2])) throw new Error('EntityTooLarge');
      continue;
    }
    const [operator, field, value] = Array.isArray(condition)
      ? [String(condition[0]), String(condition[1]).replace(/^\$/, ''), String(condition[2])]
      : ['eq', ...(Object.entries(condition as Record<string, string>)[0] ?? ['', ''])];
    named.add(field!.toLowerCase());
    const actual = field === 'bucket' ? options.bucket : fields[field!];
    if (operator === 'eq' && actual !== value) throw new Error('AccessDenied');
    if (operator === 'starts-with' && !actual?.startsWith(value!)) throw new Error('AccessDenied');
  }
  if (Object.keys(fields).some((name) => !named.has(name.toLowerCase()))) throw new Error('AccessDenied');
}
