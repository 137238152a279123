import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { capConnections, serverOptions } from '../../../server/site/serverLimits.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server with the limits, answering "ok". */
async function start(limits: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number }) {
  const app = new Hono().get('/', (c) => c.text('ok'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: serverOptions(limits) }) as unknown as Server;
  capConnections(server, limits);
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** Opens a socket, writes `text`, and answers when the server closes it (or after `waitMs`, with what it answered). */
function slowClient(port: number, text: string, waitMs: number): Promise<{ closed: boolean; answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, answer });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, answer });
    });
    socket.on('error', () => undefined);
  });
}

describe('a slow client cannot hold the server (issue 17 item 5)', () => {
  it('a request head that never ends is cut off after the headers timeout', async () => {
    const port = await start({ headersTimeoutMs: 300, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 200, maxConnections: 10 });
    const result = await slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 3_000);
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('connections over the cap are refused while the others are served', async () => {
    const port = await start({ headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 5_000, maxConnections: 2 });
    const held = [slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 1_500), slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 1_500)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await slowClient(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 1_000);
    expect(third.closed).toBe(true);
    expect(third.answer).toBe('');
    await Promise.all(held);
  });
});
