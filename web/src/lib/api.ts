import { preload } from 'swr';
import { loadServerMessages, translateServerMessage } from './server-messages';
import { currentDeviceId } from './device';
import { sessionStore } from './session';

/** A failed call: the HTTP status (0 when the network failed) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The contract's envelope, unwrapped. */
export interface ApiResult<T> {
  message: string;
  data: T;
}

export type FormValues = Record<string, string | number | undefined>;

export interface RequestOptions {
  /** Sent as multipart/form-data, the API's default body. */
  body?: FormValues;
  /**
   * Let a 401 through to the caller instead of the global rule (toast "Session Expired" and
   * go to /): the start-up user_data check clears a stale session quietly.
   */
  quietUnauthorized?: boolean;
}

/** Called on a 401 that is not quiet; the app shell installs the toast and reload. */
let onSessionExpired: () => void = () => undefined;

/** Installs what happens when a call answers 401 mid-session. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Runs the "Session Expired" rule for a 401 a caller had asked to see first. */
export function sessionExpired(): void {
  onSessionExpired();
}

const basePath = '/api';

/**
 * The one API client: base /api, the stored token in Authorization (empty when none), Client:
 * web, multipart bodies, the envelope unwrapped, failures as `ApiError`, and the 401 rule.
 */
export async function apiRequest<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { response, sentToken } = await send(method, path, method === 'POST' ? toFormData(options.body) : undefined);
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  const succeeded = response.ok && body !== undefined && body.status !== 0 && body.status !== false;
  if (succeeded) {
    const message = String(body.message ?? '');
    return { message: message && (await translator(path))(message), data: body.data as T };
  }
  throw await failure(path, response, body, sentToken, options);
}

/** A file the API answers instead of the envelope (a CSV export), with the name it is saved under. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/**
 * A GET whose answer is a file, not the envelope: the same headers, failures and 401 rule as
 * `apiRequest` (a refusal still comes as the envelope). A plain link could not send the token.
 */
export async function apiFile(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiFile> {
  const { response, sentToken } = await send('GET', path);
  const isEnvelope = (response.headers.get('content-type') ?? '').startsWith('application/json');
  if (response.ok && !isEnvelope) {
    const filename =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? path.split('?')[0]!.split('/').pop()!;
    return { blob: await response.blob(), filename };
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  throw await failure(path, response, body, sentToken, options);
}

/**
 * A public read index.html started for the first page before this code arrived (web/first-page.ts),
 * taken once: the next read of the same path asks the server again.
 */
function takeFirstRead(path: string): Promise<Response> | undefined {
  const started = (window as { firstReads?: Record<string, Promise<Response>> }).firstReads;
  const response = started?.[path];
  if (response) delete started[path];
  return response;
}

/** Sends a call with the client's headers; a network failure is an `ApiError` with status 0. */
async function send(method: 'GET' | 'POST', path: string, body?: FormData): Promise<{ response: Response; sentToken: string }> {
  const firstRead = method === 'GET' ? takeFirstRead(path) : undefined;
  if (firstRead) {
    try {
      return { response: await firstRead, sentToken: '' };
    } catch (error) {
      throw new ApiError(0, (await translator(path))(error instanceof Error ? error.message : 'Network error'));
    }
  }
  const sentToken = sessionStore.token();
  const headers: Record<string, string> = { Authorization: sentToken, Client: 'web' };
  const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1];
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  if (method === 'POST') headers['X-Device-Id'] = currentDeviceId();
  try {
    return { response: await fetch(basePath + path, { method, headers, body }), sentToken };
  } catch (error) {
    throw new ApiError(0, (await translator(path))(error instanceof Error ? error.message : 'Network error'));
  }
}

/**
 * How the server's (or the network's) English reads in the shop's language (lib/server-messages,
 * its table loaded first when the shop is in Bengali). The operators' console (/admin) stays English.
 */
async function translator(path: string): Promise<(message: string) => string> {
  if (path.startsWith('/admin')) return (message) => message;
  await loadServerMessages();
  return translateServerMessage;
}

/**
 * The error of a failed answer, with the server's message (and each field's, in `body.errors`) in
 * the shop's language; a 401 runs the "Session Expired" rule first.
 */
async function failure(
  path: string,
  response: Response,
  body: Record<string, unknown> | undefined,
  sentToken: string,
  options: Pick<RequestOptions, 'quietUnauthorized'>,
): Promise<ApiError> {
  const message = typeof body?.message === 'string' && body.message ? body.message : response.statusText || 'Something went wrong';
  if (response.status === 401) {
    // Only a session that was there can expire: a call made without one (a page still mounted
    // at logout, a form sent after "Not now" to signing in again) just asks for a login.
    if (!sentToken) return new ApiError(401, (await translator(path))('Please login to continue'), body);
    sessionStore.clear();
    if (!options.quietUnauthorized) onSessionExpired();
    // A caller that asked to see the 401 itself tells its kinds apart by the server's words (lib/auth.ts).
    else return new ApiError(401, message, body);
  }
  const translate = await translator(path);
  const errors = body?.errors;
  if (errors && typeof errors === 'object') {
    const fields = Object.entries(errors).map(([field, text]) => [field, typeof text === 'string' ? translate(text) : text]);
    body = { ...body, errors: Object.fromEntries(fields) };
  }
  return new ApiError(response.status, translate(message), body);
}

function toFormData(values: FormValues = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, String(value));
  return form;
}

/**
 * Options for every write's `useSWRMutation`. SWR hands a mutation the app's `onError` for reads
 * as well; a write's failure is shown once, by the action that ran it (`useAction`).
 */
export const writeOptions = { onError: () => undefined };

/**
 * A GET read's path with its query parameters, in the order given (the edge caches the public
 * reads by these, so one order makes one cache entry): `queryPath('/user/plan_list', { category_id })`.
 */
export function queryPath(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** SWR's fetcher: a key is a GET path, or `[path, body]` for the API's POST reads. */
export async function swrFetcher<T>(key: string | readonly [string, FormValues]): Promise<T> {
  const { data } = typeof key === 'string' ? await apiRequest<T>('GET', key) : await apiRequest<T>('POST', key[0], { body: key[1] });
  return data;
}

/**
 * Starts an SWR read before the hook that shows it mounts; the hook takes the answer over. A
 * failure is left to that hook, which asks again and shows it.
 */
export function prefetchRead<T>(key: string | readonly [string, FormValues]): Promise<T | undefined> {
  return preload(key, swrFetcher<T>).catch(() => undefined);
}
