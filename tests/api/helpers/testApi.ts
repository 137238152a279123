import type { Hono } from 'hono';
import { createApp } from '../../../server/app.ts';
import { createMailDispatch, mailFailureReporter } from '../../../server/mail/mailDispatch.ts';
import { createOutboxMailer } from '../../../server/mail/outboxMailer.ts';
import type { AppDeps, AppOptions } from '../../../server/appDeps.ts';
import { resolveDeps } from '../../../server/resolveDeps.ts';
import type { AuthLimits } from '../../../server/accounts/authLimits.ts';
import type { AppEnv } from '../../../server/http/appEnv.ts';
import { createSandboxProvider } from '../../../server/providers/fines/sandbox.ts';
import type { TestDatabase } from './database.ts';
import { openTestDatabase } from './database.ts';

/** Account limits switched off (limit 0). */
export const NO_AUTH_LIMITS: AuthLimits = {
  loginPerAddress: { limit: 0, windowMs: 1 },
  loginPerEmail: { limit: 0, windowMs: 1 },
  mailPerAddress: { limit: 0, windowMs: 1 },
  mailPerEmail: { limit: 0, windowMs: 1 },
  existsPerAddress: { limit: 0, windowMs: 1 },
  existsPerEmail: { limit: 0, windowMs: 1 },
  passwordPerSubject: { limit: 0, windowMs: 1 },
};

/** The fixed moment tests start at (a Monday morning in Moscow). */
export const TEST_NOW = new Date('2026-03-16T07:00:00Z');

/** Session params of a registered user. */
export type Session = { userId: number; session: string; rand: string; salt: string };

/** A reply as tests read it. */
export type Reply = { status: number; body: { status: string; response?: any; error?: { errorDesc: string } }; headers: Headers };

/** How a request carries the credentials: headers (the web client) or query parameters (spec §7). */
export type CredentialsVia = 'headers' | 'query';

/** The API over a fresh database with a clock the test moves, and request helpers. */
export type TestApi = {
  app: Hono<AppEnv>;
  /** What the app runs with (for calling jobs and stores directly). */
  deps: AppDeps;
  database: TestDatabase;
  /** Errors that reached the 500 handler; bad input must never land here. */
  unexpected: unknown[];
  /** Moves the clock forward. */
  advance(ms: number): void;
  /** The test clock's current time. */
  now(): Date;
  /** Resolves when every mail sent in the background has been handed over. */
  mailIdle(): Promise<void>;
  request(method: string, path: string, options?: { session?: Session; via?: CredentialsVia; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> }): Promise<Reply>;
  /** GET /client + POST /newuser; optional first vehicle. */
  register(extra?: Record<string, string>): Promise<Session>;
  close(): Promise<void>;
};

/** Builds the API for one test file. */
export async function createTestApi(overrides: Partial<Omit<AppOptions, 'db' | 'clock'>> = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  let now = TEST_NOW.getTime();
  const unexpected: unknown[] = [];
  const mail = overrides.mail ?? createMailDispatch(overrides.mailer ?? createOutboxMailer({ db: database.db, clock: () => new Date(now) }), mailFailureReporter((error) => unexpected.push(error)));
  const deps = resolveDeps({
    mail,
    db: database.db,
    clock: () => new Date(now),
    fines: createSandboxProvider(),
    photoDelayMs: 0,
    uinRateLimit: 0,
    clientRateLimit: 0,
    lookupRateLimit: 0,
    mapRateLimit: 0,
    companyLookupLimit: 0,
    trustProxy: false,
    onUnexpectedError: (error) => unexpected.push(error),
    // Every request of a test comes from one address: the account limits get their own tests.
    authLimits: NO_AUTH_LIMITS,
    ...overrides,
  });
  const app = createApp(deps);

  const request: TestApi['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let url = path;
    if (options.session !== undefined) {
      const { session, rand, userId } = options.session;
      if (options.via === 'query') {
        const params = new URLSearchParams({ session, rand, userId: String(userId) });
        url += (url.includes('?') ? '&' : '?') + params.toString();
      } else {
        Object.assign(headers, { 'X-Session': session, 'X-Rand': rand, 'X-User-Id': String(userId) });
      }
    }
    let body: string | undefined;
    if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await app.request(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') ? JSON.parse(text) : { status: 'raw', response: text }, headers: response.headers };
  };

  const register: TestApi['register'] = async (extra = {}) => {
    const client = await request('GET', '/105/api/client');
    const reply = await request('POST', '/105/api/newuser', { form: { clientId: client.body.response.clientId, channel: 'fine', ...extra } });
    if (reply.status !== 200) throw new Error(`register failed: ${JSON.stringify(reply.body)}`);
    return reply.body.response as Session;
  };

  return {
    app,
    deps,
    database,
    unexpected,
    advance: (ms) => {
      now += ms;
    },
    now: () => new Date(now),
    mailIdle: () => mail.idle(),
    request,
    register,
    close: async () => {
      // Pushes still on their way write their outcome to the database: let them end first.
      await deps.pushes?.idle();
      await database.close();
    },
  };
}
