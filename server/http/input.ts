import type { Context } from 'hono';
import { validate } from 'superstruct';
import type { Struct } from 'superstruct';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describeFailure } from '../../src/api/structs/errors.ts';
import { ApiError } from './apiError.ts';

/** Credential parameter names; they are never treated as request fields. */
const CREDENTIAL_KEYS = new Set(['session', 'rand', 'userId']);

/** Query parameters of the request (the first value of each), without credentials. */
export function queryInput(c: Context): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.query())) {
    if (!CREDENTIAL_KEYS.has(key)) input[key] = value;
  }
  return input;
}

/** The body as an object: JSON (application/json) or form fields (urlencoded or multipart); empty when there is none. */
export async function bodyInput(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text(), dropUnsafeKeys);
    } catch {
      throw new ApiError(400, 'Тело запроса не является корректным JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError(400, 'Тело запроса должно быть объектом');
    }
    return withoutCredentials(body as Record<string, unknown>);
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'Не удалось прочитать тело запроса');
    }
    for (const value of Object.values(form)) {
      if (typeof value !== 'string') throw new ApiError(400, 'Файлы в этом запросе не принимаются');
    }
    return withoutCredentials(form);
  }
  return {};
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
  return key === '__proto__' || key === 'constructor' || key === 'prototype' || key === 'toString' || key === 'valueOf' || key === 'toJSON' ? undefined : value;
}

/** Drops credential fields that a client put in a body. */
function withoutCredentials(fields: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!CREDENTIAL_KEYS.has(key)) rest[key] = value;
  }
  return rest;
}
