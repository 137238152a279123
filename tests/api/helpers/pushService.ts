import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { RequestOptions } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** The local push service's certificate (self-signed for 127.0.0.1, test-only). */
export const PUSH_TLS = { key: readFileSync(new URL('../fixtures/push-test.key', import.meta.url)), cert: readFileSync(new URL('../fixtures/push-test.crt', import.meta.url)) };

/** A request the local push service received. */
export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A local push service over HTTPS: keeps each request; answers 201, or 410 for endpoints under /gone/. */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const server = createServer(PUSH_TLS, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A server that accepts connections and never says a word (a push endpoint that hangs). */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** Connections accepted so far. */
    connections: () => connections,
    /** Drops every open connection (the waiting senders then fail at once). */
    dropAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The test's "internet": an HTTPS agent that connects wherever the request was headed (a host name or
 * an address, and its port) to the local port `routes` gives for that host instead. It trusts the
 * local service's certificate for any name, since the names are made up.
 */
export class RoutingAgent extends Agent {
  readonly routes: Map<string, number>;
  constructor(routes: Map<string, number>) {
    super({ ca: PUSH_TLS.cert, checkServerIdentity: () => undefined });
    this.routes = routes;
  }
  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '');
    const port = this.routes.get(host);
    if (port === undefined) throw new Error(`The test network has no route to ${host}`);
    return super.createConnection({ ...options, host: '127.0.0.1', port }, callback);
  }
}

/** A resolver over a table the test edits (a name missing from it does not resolve). */
export function fakeDns(table: Map<string, string[]>): (hostname: string) => Promise<string[]> {
  return async (hostname) => {
    const addresses = table.get(hostname);
    if (addresses === undefined) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };
}

/** A browser's subscription keys (P-256 key pair and auth secret), as PushManager makes them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}
