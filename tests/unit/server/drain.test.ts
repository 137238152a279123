import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { drainServer } from '../../../server/site/drain.ts';

/** A server whose /slow answers after `ms`. */
async function start(ms: number) {
  const app = new Hono().get('/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return c.text('done');
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('SIGTERM drains the server (issue 17)', () => {
  it('a request in flight finishes, and new connections are refused once draining starts', async () => {
    const { server, url } = await start(400);
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, text: await r.text() }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = drainServer(server, 5_000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, text: 'done' });
    expect(await drained).toEqual({ forced: false });
  });

  it('what still runs at the deadline is cut, and the drain ends', async () => {
    const { server, url } = await start(5_000);
    const inFlight = fetch(`${url}/slow`).then(() => 'answered', () => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect(await drainServer(server, 300)).toEqual({ forced: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe('cut');
  });
});
