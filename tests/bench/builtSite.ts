/**
 * The built site (dist/, from `npm run build:test`) served by the local server on a free port with a
 * fresh database in a temp folder, as the page benches (bench:lighthouse, bench:paint) measure it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts the server and waits for its health check; `stop` ends it and removes its data. */
export async function startBuiltSite(name: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  const server = spawn(process.execPath, ['server/start.ts', '--no-build'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ACCESS_LOG: '0', LOG_LEVEL: 'warn', CLIENT_RATE_LIMIT: '0', LOOKUP_RATE_LIMIT: '0', PHOTO_DELAY_MS: '1500' },
    stdio: 'ignore',
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/105/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300) throw new Error('the local server did not start');
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
