// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { readSiteConfig } from './src/lib/siteConfig.ts';
import { thirdPartyOrigins } from './src/lib/thirdParty.ts';
import { isSitemapPath } from './src/lib/privatePaths.ts';
import { fileRoutes } from './src/integrations/fileRoutes.ts';
import { jsReport } from './src/integrations/jsReport.ts';
import { apiInDev } from './src/integrations/apiInDev.ts';

const config = readSiteConfig(process.env);
const thirdParty = thirdPartyOrigins(config);
const apiOrigin = config.apiBase ? [new URL(config.apiBase).origin] : [];

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [react(), fileRoutes(), sitemap({ filter: (page) => isSitemapPath(new URL(page).pathname) }), jsReport(), apiInDev()],
  server: { port: Number(process.env.PORT) || 4321 },
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        /** @type {`connect-src ${string}`} */ (`connect-src 'self' ${[...apiOrigin, ...thirdParty].join(' ')}`.trim()),
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", ...thirdParty] },
      // Toasts and React style props write styles at run time; style injection cannot run code.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
});
