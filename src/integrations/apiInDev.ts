import type { AstroIntegration } from 'astro';

/** `npm run dev`: serves the API (server/) on Astro's dev server, so islands reach it at the same origin. */
export function apiInDev(): AstroIntegration {
  return {
    name: 'api-in-dev',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const { apiDevMiddleware } = await import('../../server/site/devApi.ts');
        const api = apiDevMiddleware();
        const layer = { route: '', handle: api.handle as never };
        // Astro adds its own middleware (trailing slash, route guard) at the front after this hook runs;
        // the API must come before it, so it goes first once the server is listening.
        server.httpServer?.once('listening', () => server.middlewares.stack.unshift(layer));
        server.httpServer?.once('close', () => void api.close());
      },
    },
  };
}
