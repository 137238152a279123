import type { Context } from 'hono';
import { is } from 'superstruct';
import { Id } from '../../src/api/structs/fields.ts';
import { ApiError } from './apiError.ts';

/** The `{id}` path segment as a positive integer; 400 when it is not one. */
export function pathId(c: Context, name = 'id'): number {
  const text = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!is(id, Id)) throw new ApiError(400, 'Некорректный идентификатор в адресе запроса');
  return id;
}
