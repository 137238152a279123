import { createFetch } from 'ofetch';
import type { $Fetch } from 'ofetch';
import { validate } from 'superstruct';
import type { Struct } from 'superstruct';
import { API_BASE } from './apiBase.ts';
import { CREDENTIAL_HEADERS } from './structs/credentials.ts';
import type { Credentials } from './structs/credentials.ts';
import { ErrorEnvelope } from './structs/envelope.ts';
import { ApiReplyError, NetworkError, ValidationError } from './errors.ts';
import { dropEarlyReplies, takeEarlyReply } from './earlyReplies.ts';

/** The `fetch` the client calls; tests pass a fake with the same interface. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** What the client can be configured with. */
export type ApiClientConfig = {
  /** The API origin (PUBLIC_API_BASE); '' means the site's own origin. */
  baseURL: string;
  fetch: FetchLike;
  /** Milliseconds before a request counts as a network failure. */
  timeout: number;
};

/** One request: method, query, form body and the session params, which go as headers, never in the URL. */
export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string>;
  /** Form fields (sent urlencoded), or a FormData with files (sent multipart). */
  body?: Record<string, string> | FormData;
  auth?: Credentials | undefined;
  signal?: AbortSignal;
};

let config: ApiClientConfig = {
  baseURL: API_BASE,
  fetch: (input, init) => globalThis.fetch(input, init),
  timeout: 20_000,
};
let client: $Fetch = build(config);

/** The one ofetch instance: no retries of its own (stores decide), errors read from the envelope. */
function build({ baseURL, fetch, timeout }: ApiClientConfig): $Fetch {
  return createFetch({ fetch: fetch as typeof globalThis.fetch }).create({
    baseURL,
    timeout,
    retry: 0,
    ignoreResponseError: true,
    headers: { Accept: 'application/json' },
  });
}

/** Replaces parts of the configuration (tests swap `fetch`); returns the previous one to restore. */
export function configureApiClient(patch: Partial<ApiClientConfig>): ApiClientConfig {
  const previous = config;
  config = { ...config, ...patch };
  client = build(config);
  return previous;
}

/** The address of a file the API serves (e.g. a photo's `url`, a path on the API host). */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || config.baseURL === '') return path;
  return `${config.baseURL}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Credentials as request headers (X-Session, X-Rand, X-User-Id). */
function credentialHeaders(auth: Credentials | undefined): Record<string, string> {
  if (auth === undefined) return {};
  return {
    [CREDENTIAL_HEADERS.session]: auth.session,
    [CREDENTIAL_HEADERS.rand]: auth.rand,
    [CREDENTIAL_HEADERS.userId]: auth.userId,
  };
}

/**
 * Sends a request and checks the reply against `reply` (an envelope struct). An error envelope becomes
 * ApiReplyError, no reply NetworkError, a reply of another shape ValidationError; a `wait` reply is returned
 * when the struct allows it.
 */
export async function apiRequest<T>(path: string, reply: Struct<T, unknown>, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', query, auth } = request;
  let response: { status: number; _data?: unknown } | undefined;
  // A change makes every early reply old; a read may take the one the page's inline script started.
  if (method !== 'GET') dropEarlyReplies();
  const early = method === 'GET' ? takeEarlyReply(path, query, auth?.session ?? '') : undefined;
  if (early !== undefined) {
    // The page's inline script asked this before the island loaded; a failed early request is asked again.
    response = await early.then(
      (reply) => ({ status: reply.status, _data: reply.data }),
      () => undefined,
    );
  }
  if (response === undefined) response = await send(path, request);
  const data = response._data;
  const [failure] = validate(data, ErrorEnvelope);
  if (failure === undefined) throw new ApiReplyError(response.status, (data as ErrorEnvelope).error.errorDesc);
  const [error, checked] = validate(data, reply);
  if (error !== undefined) throw new ValidationError(error.path.join('.'), error);
  return checked;
}

/** Sends the request over ofetch; no reply at all is a NetworkError. */
async function send(path: string, { method = 'GET', query, body, auth, signal }: ApiRequest): Promise<{ status: number; _data?: unknown }> {
  try {
    return await client.raw(path, {
      method,
      headers: credentialHeaders(auth),
      ...(query === undefined ? {} : { query }),
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : new URLSearchParams(body) }),
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** Sends a request whose reply is `{ status: 'ok', response }`, and returns `response`. */
export async function apiCall<T>(path: string, reply: Struct<{ status: 'ok'; response: T }, unknown>, request: ApiRequest = {}): Promise<T> {
  return (await apiRequest(path, reply, request)).response;
}

/**
 * Downloads a file the API answers (an export): the body as a Blob, with the name from its
 * Content-Disposition. An error envelope becomes ApiReplyError, no reply NetworkError.
 */
export async function apiDownload(path: string, request: Pick<ApiRequest, 'query' | 'auth' | 'signal'> & { method?: 'GET' | 'POST'; body?: Record<string, string> } = {}): Promise<{ blob: Blob; filename: string | undefined }> {
  let response: Response;
  try {
    const url = new URL(apiUrl(path), 'http://relative.invalid');
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    const target = url.origin === 'http://relative.invalid' ? `${url.pathname}${url.search}` : url.href;
    response = await config.fetch(target, {
      headers: credentialHeaders(request.auth),
      ...(request.method === undefined ? {} : { method: request.method }),
      ...(request.body === undefined ? {} : { body: new URLSearchParams(request.body) }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    const [failure] = validate(data, ErrorEnvelope);
    throw new ApiReplyError(response.status, failure === undefined ? (data as ErrorEnvelope).error.errorDesc : 'Не удалось скачать файл');
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename };
}
