import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { validate } from 'superstruct';
import { CREDENTIAL_HEADERS, Credentials } from '../../src/api/structs/credentials.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from './appEnv.ts';
import { ApiError } from './apiError.ts';
import { SESSION_CACHE_MS } from './caches.ts';
import type { ApiCaches } from './caches.ts';

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

/** The live session with this token hash: from the cache while it may vouch for it, else from the database. */
async function findSession(deps: AuthDeps, tokenHash: string): Promise<{ userId: number; rand: string } | undefined> {
  const now = deps.clock().getTime();
  const cached = deps.caches?.sessions.get(tokenHash);
  if (cached !== undefined && cached.until > now) return cached;
  const row = await deps.db
    .selectFrom('sessions')
    .select(['user_id', 'rand'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const session = { userId: row.user_id, rand: row.rand };
  deps.caches?.sessions.set(tokenHash, { ...session, until: now + SESSION_CACHE_MS });
  return session;
}

/** The user the request's credentials belong to; undefined without credentials; ApiError 401 when they are wrong. */
async function authenticate(deps: AuthDeps, c: Context): Promise<number | undefined> {
  const given = readCredentials(c);
  if (given === undefined) return undefined;
  const [error, credentials] = validate(given, Credentials);
  if (error !== undefined) throw invalidSession();
  const session = await findSession(deps, hashToken(credentials.session));
  if (session === undefined || session.rand !== credentials.rand || session.userId !== Number(credentials.userId)) throw invalidSession();
  return session.userId;
}

/** 401 for credentials that do not match a live session. */
function invalidSession(): ApiError {
  return new ApiError(401, 'Сессия недействительна, войдите заново');
}

/** What checking credentials needs. */
type AuthDeps = { db: Kysely<Database>; clock: () => Date; caches?: ApiCaches | undefined };

/** Lets the request through only with valid credentials; sets `userId`. */
export function requireUser(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await authenticate(deps, c);
    if (userId === undefined) throw new ApiError(401, 'Требуется авторизация');
    c.set('userId', userId);
    await next();
  };
}

/** Sets `userId` when credentials are given (and valid); anonymous requests pass too. */
export function optionalUser(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await authenticate(deps, c);
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
