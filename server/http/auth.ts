import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { validate } from 'superstruct';
import { CREDENTIAL_HEADERS, Credentials } from '../../src/api/structs/credentials.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from './appEnv.ts';
import { ApiError } from './apiError.ts';

/** SHA-256 of a session token, hex: the only form in which a session is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Credentials of the request: headers first, then query parameters (spec §7); undefined when none are given. */
function readCredentials(c: Context): Record<string, string> | undefined {
  const pick = (name: keyof typeof CREDENTIAL_HEADERS) => c.req.header(CREDENTIAL_HEADERS[name]) ?? c.req.query(name);
  const session = pick('session');
  const rand = pick('rand');
  const userId = pick('userId');
  if (session === undefined && rand === undefined && userId === undefined) return undefined;
  return { session: session ?? '', rand: rand ?? '', userId: userId ?? '' };
}

/** The user the request's credentials belong to; undefined without credentials; ApiError 401 when they are wrong. */
async function authenticate(db: Kysely<Database>, c: Context): Promise<number | undefined> {
  const given = readCredentials(c);
  if (given === undefined) return undefined;
  const [error, credentials] = validate(given, Credentials);
  if (error !== undefined) throw invalidSession();
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'rand'])
    .where('token_hash', '=', hashToken(credentials.session))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined || row.rand !== credentials.rand || row.user_id !== Number(credentials.userId)) throw invalidSession();
  return row.user_id;
}

/** 401 for credentials that do not match a live session. */
function invalidSession(): ApiError {
  return new ApiError(401, 'Сессия недействительна, войдите заново');
}

/** Lets the request through only with valid credentials; sets `userId`. */
export function requireUser(db: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await authenticate(db, c);
    if (userId === undefined) throw new ApiError(401, 'Требуется авторизация');
    c.set('userId', userId);
    await next();
  };
}

/** Sets `userId` when credentials are given (and valid); anonymous requests pass too. */
export function optionalUser(db: Kysely<Database>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await authenticate(db, c);
    if (userId !== undefined) c.set('userId', userId);
    await next();
  };
}

/** The signed-in user of a request that passed requireUser. */
export function userOf(c: Context<AppEnv>): number {
  const userId = c.get('userId');
  if (userId === undefined) throw new ApiError(401, 'Требуется авторизация');
  return userId;
}
