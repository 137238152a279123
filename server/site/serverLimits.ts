import type { Server } from 'node:http';

/** How long a client may take and how many may be connected at once (issue 17 item 5). */
export type ServerLimits = {
  /** The whole request head must arrive within this (a slow-headers client is cut off). */
  headersTimeoutMs: number;
  /** The whole request, body included, within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are refused at once. */
  maxConnections: number;
};

/** Defaults: 10 s for the head, 30 s for a request, 5 s idle, 1000 connections. */
export const DEFAULT_SERVER_LIMITS: ServerLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1_000 };

/** Options for http.createServer that enforce the timeouts (checked every second, or as often as the shortest one). */
export function serverOptions(limits: ServerLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** Applies the connection cap to a started server. */
export function capConnections(server: Pick<Server, 'maxConnections'>, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
