import type { Server } from 'node:http';

/**
 * Stops a server the way a rolling deploy wants: no new connections, requests in flight finish, idle
 * keep-alive connections are closed as they become idle, and whatever still runs after `deadlineMs`
 * is cut. Answers whether anything had to be cut.
 */
export function drainServer(server: Server, deadlineMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let forced = false;
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, deadlineMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}
