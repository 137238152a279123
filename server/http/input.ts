import type { Context } from 'hono';
import { validate } from 'superstruct';
import type { Struct } from 'superstruct';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describeFailure } from '../../src/api/structs/errors.ts';
import { UNSAFE_KEYS } from '../../src/api/structs/fields.ts';
import { ApiError } from './apiError.ts';
import { decodeUtf8, urlEncodedPairs } from './utf8.ts';

/** Credential parameter names; they are never treated as request fields. */
const CREDENTIAL_KEYS = new Set(['session', 'rand', 'userId']);

/** Query parameters of the request (the first value of each), without credentials; 400 when the query is not UTF-8. */
export function queryInput(c: Context): Record<string, string> {
  const input: Record<string, string> = {};
  const url = c.req.url;
  const start = url.indexOf('?');
  const query = start === -1 ? '' : url.slice(start + 1).split('#')[0] ?? '';
  for (const [key, value] of urlEncodedPairs(query)) {
    if (key !== '' && !CREDENTIAL_KEYS.has(key) && !UNSAFE_KEYS.has(key) && !Object.hasOwn(input, key)) input[key] = value;
  }
  return input;
}

/** The body as an object: JSON (application/json) or form fields (urlencoded or multipart); empty when there is none. */
export async function bodyInput(c: Context): Promise<Record<string, unknown>> {
  return withoutCredentials(await bodyFields(c));
}

/**
 * The body's fields, credentials included (the tracking calls carry them in the body, spec §7): JSON
 * (application/json, or text/plain with `textAsJson`: what sendBeacon sends) or a form (urlencoded or
 * multipart, the last value of a repeated name); `{}` for any other type. Text that is not UTF-8 is a
 * 400, never "�" in a stored field.
 */
export async function bodyFields(c: Context, options: { textAsJson?: boolean } = {}): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json') || (options.textAsJson === true && type.includes('text/plain'))) {
    const text = decodeUtf8(await bodyBytes(c));
    let body: unknown;
    try {
      body = JSON.parse(text, dropUnsafeKeys);
    } catch {
      throw new ApiError(400, 'Тело запроса не является корректным JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError(400, 'Тело запроса должно быть объектом');
    }
    return body as Record<string, unknown>;
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    const form: Record<string, unknown> = {};
    for (const [key, value] of urlEncodedPairs(decodeUtf8(await bodyBytes(c)))) {
      if (!UNSAFE_KEYS.has(key)) form[key] = value;
    }
    return form;
  }
  if (type.includes('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'Не удалось прочитать тело запроса');
    }
    for (const value of Object.values(form)) {
      if (typeof value !== 'string') throw new ApiError(400, 'Файлы в этом запросе не принимаются');
    }
    // Only text fields are left, so the whole body must be UTF-8: the parser above decoded any other byte to "�".
    decodeUtf8(await bodyBytes(c));
    return form;
  }
  return {};
}

/** The raw body (read once: Hono caches it for a later parseBody). */
async function bodyBytes(c: Context): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** Query parameters and body fields together (the body wins), for DELETE and similar calls that take either. */
export async function anyInput(c: Context): Promise<Record<string, unknown>> {
  return { ...queryInput(c), ...(await bodyInput(c)) };
}

/** Checks input against a request struct (coercing and dropping unknown fields); a failure is an ApiError with a Russian message. */
export function parseInput<T, S>(struct: Struct<T, S>, input: unknown, status: ContentfulStatusCode = 422): T {
  const [error, value] = validate(input, struct, { coerce: true, mask: true });
  if (error !== undefined) throw new ApiError(status, describeFailure(error));
  return value;
}

/**
 * JSON reviver that drops keys which change how a value behaves: prototype keys, and `toString` /
 * `valueOf`, which, set to a non-function, make any conversion of the object to text throw (the
 * validation library prints the value it refuses).
 */
export function dropUnsafeKeys(key: string, value: unknown): unknown {
  return UNSAFE_KEYS.has(key) ? undefined : value;
}


/** Drops credential fields that a client put in a body. */
function withoutCredentials(fields: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!CREDENTIAL_KEYS.has(key)) rest[key] = value;
  }
  return rest;
}
