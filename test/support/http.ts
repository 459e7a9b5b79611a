import { inject } from 'vitest';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T & { status: number | boolean; message?: string; data?: unknown; errors?: Record<string, string> };
  headers: Headers;
}

export interface CallOptions {
  method?: string;
  /** Sent as multipart/form-data, the API's default. */
  form?: Record<string, string | number>;
  json?: unknown;
  /** Sent as-is with the given content type. */
  raw?: { body: string; contentType: string };
  token?: string;
  headers?: Record<string, string>;
}

/** Calls the local stack's /api over real HTTP, as the web client or the gateway would. */
export const callApi = <T = unknown>(path: string, options: CallOptions = {}) => callApiAt<T>(inject('stack').url, path, options);

/** Calls the /api of the shop at `siteUrl` over real HTTP. */
export async function callApiAt<T = unknown>(siteUrl: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = options.token;
  let body: BodyInit | undefined;
  if (options.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form)) form.append(name, String(value));
    body = form;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.raw) {
    body = options.raw.body;
    headers['content-type'] = options.raw.contentType;
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${siteUrl}/api${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as ApiResponse<T>['body'], headers: response.headers };
}

/** A browser's upload of one file with a presigned S3 form POST (the permit's URL and fields, the file last). */
export async function postUpload(permit: { upload_url: string; fields: Record<string, string> }, file: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(permit.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type }), 'image');
  return fetch(permit.upload_url, { method: 'POST', body: form });
}

/** A one-pixel PNG. */
export const onePixelPng = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
