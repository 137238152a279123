import type { Context } from 'hono';
import { Id } from '../../src/api/structs/fields.ts';
import { parseInput } from './input.ts';

/** The `{id}` path segment as a positive integer; 400 when it is not one. */
export function pathId(c: Context, name = 'id'): number {
  return parseInput(Id, c.req.param(name), 400);
}
