import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { ServerEnv } from './env.ts';

/** A started API: its app and how to release what it holds (database connections). */
export type BootedApi = { app: Hono; close(): Promise<void> };

/** Opens everything the API needs (the database at start-up, never lazily) and builds the app. */
export async function bootApi(_env: ServerEnv): Promise<BootedApi> {
  const app = createApp({});
  return { app, close: async () => {} };
}
