import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { openDatabase } from './db/open.ts';
import type { ServerEnv } from './env.ts';
import type { AppEnv } from './http/appEnv.ts';
import { createSandboxProvider } from './providers/fines/sandbox.ts';
import { databaseSandboxState } from './providers/fines/sandboxState.ts';
import { createOutboxMailer } from './mail/outboxMailer.ts';
import { createSmtpMailer } from './mail/smtpMailer.ts';

/** A started API: its app and how to release what it holds (database connections). */
export type BootedApi = { app: Hono<AppEnv>; close(): Promise<void> };

/** Opens everything the API needs (the database at start-up, never lazily) and builds the app. */
export async function bootApi(env: ServerEnv): Promise<BootedApi> {
  const db = await openDatabase(env.databaseUrl === undefined ? { dataDir: env.dataDir } : { databaseUrl: env.databaseUrl });
  const clock = () => new Date();
  const mailer =
    env.smtpUrl === undefined
      ? createOutboxMailer({ db, clock, announce: (line) => console.log(line) })
      : createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom });
  const app = createApp({
    db,
    mailer,
    siteUrl: env.siteUrl,
    sessionTtlMs: env.sessionTtlDays * 24 * 60 * 60_000,
    ordinancesDelayMs: env.ordinancesDelayMs,
    clock,
    fines: createSandboxProvider({ state: databaseSandboxState(db) }),
    photoDelayMs: env.photoDelayMs,
    uinRateLimit: env.uinRateLimit,
    trustProxy: env.trustProxy,
    corsOrigins: env.corsOrigins,
    onUnexpectedError: (error) => {
      // Only the error itself: requests may carry credentials and personal data.
      console.error('API error:', error instanceof Error ? (error.stack ?? error.message) : String(error));
    },
  });
  return {
    app,
    close: async () => {
      mailer.close();
      await db.destroy();
    },
  };
}
