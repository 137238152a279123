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

/** How often a session's last use is written (its expiry counts from it): at most once an hour. */
const LAST_USE_WRITE_MS = 60 * 60_000;

/** A session row as checked: whose, its rand, whether it still lives. */
type FoundSession = { userId: number; rand: string; lastUsedAt: number; revoked: boolean };

/** The session with this token hash: from the cache while it may vouch for it, else from the database. */
async function findSession(deps: AuthDeps, tokenHash: string): Promise<FoundSession | undefined> {
  const now = deps.clock().getTime();
  const cached = deps.caches?.sessions.get(tokenHash);
  if (cached !== undefined && cached.until > now) return { ...cached, revoked: false };
  const row = await deps.db
    .selectFrom('sessions')
    .select(['user_id', 'rand', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const session = { userId: row.user_id, rand: row.rand, lastUsedAt: row.last_used_at.getTime(), revoked: row.revoked_at !== null };
  if (now - session.lastUsedAt > deps.sessionTtlMs) return { ...session, revoked: true }; // expired: never renewed
  if (!session.revoked && now - session.lastUsedAt >= LAST_USE_WRITE_MS) {
    await deps.db.updateTable('sessions').set({ last_used_at: new Date(now) }).where('token_hash', '=', tokenHash).execute();
    session.lastUsedAt = now;
  }
  if (!session.revoked) deps.caches?.sessions.set(tokenHash, { userId: session.userId, rand: session.rand, lastUsedAt: session.lastUsedAt, until: now + SESSION_CACHE_MS });
  return session;
}

/** Who a request is: its user and the hash of its session token (for signing out). */
type Authenticated = { userId: number; tokenHash: string };

/** The user the request's credentials belong to; undefined without credentials; ApiError 401 when they are wrong, expired or revoked. */
async function authenticate(deps: AuthDeps, c: Context): Promise<Authenticated | undefined> {
  const given = readCredentials(c);
  if (given === undefined) return undefined;
  const [error, credentials] = validate(given, Credentials);
  if (error !== undefined) throw invalidSession();
  const tokenHash = hashToken(credentials.session);
  const session = await findSession(deps, tokenHash);
  if (session === undefined || session.rand !== credentials.rand || session.userId !== Number(credentials.userId)) throw invalidSession();
  if (session.revoked || deps.clock().getTime() - session.lastUsedAt > deps.sessionTtlMs) throw expiredSession();
  return { userId: session.userId, tokenHash };
}

/** 401 for credentials that do not match any session. */
function invalidSession(): ApiError {
  return new ApiError(401, 'Сессия недействительна, войдите заново');
}

/** 401 for a session that was signed out or not used for too long. */
function expiredSession(): ApiError {
  return new ApiError(401, 'Сессия истекла, войдите снова');
}

/** What checking credentials needs. */
type AuthDeps = { db: Kysely<Database>; clock: () => Date; caches?: ApiCaches | undefined; sessionTtlMs: number };

/** Lets the request through only with valid credentials; sets `userId` and `sessionHash`. */
export function requireUser(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await authenticate(deps, c);
    if (found === undefined) throw new ApiError(401, 'Требуется авторизация');
    c.set('userId', found.userId);
    c.set('sessionHash', found.tokenHash);
    await next();
  };
}

/**
 * Sets `userId` when credentials are given (and valid); anonymous requests pass too. With
 * `ignoreInvalid` (signing in), credentials that no longer work are treated as none.
 */
export function optionalUser(deps: AuthDeps, options: { ignoreInvalid?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let found: Authenticated | undefined;
    try {
      found = await authenticate(deps, c);
    } catch (error) {
      if (!options.ignoreInvalid || !(error instanceof ApiError) || error.status !== 401) throw error;
    }
    if (found !== undefined) {
      c.set('userId', found.userId);
      c.set('sessionHash', found.tokenHash);
    }
    await next();
  };
}

/** The session token hash of a request that passed requireUser. */
export function sessionHashOf(c: Context<AppEnv>): string {
  const hash = c.get('sessionHash');
  if (hash === undefined) throw new ApiError(401, 'Требуется авторизация');
  return hash;
}

/** The signed-in user of a request that passed requireUser. */
export function userOf(c: Context<AppEnv>): number {
  const userId = c.get('userId');
  if (userId === undefined) throw new ApiError(401, 'Требуется авторизация');
  return userId;
}

/**
 * Whether a session token (without its rand: the spec's tracking form carries only userId and
 * session) is a live session of this user. For calls such as sendBeacon that cannot send headers.
 */
export async function sessionOwnedBy(deps: AuthDeps, session: string, userId: number): Promise<boolean> {
  const found = await findSession(deps, hashToken(session));
  return found !== undefined && !found.revoked && found.userId === userId && deps.clock().getTime() - found.lastUsedAt <= deps.sessionTtlMs;
}
