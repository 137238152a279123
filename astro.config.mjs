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
import { cspHeaders } from './src/integrations/cspHeaders.ts';
import { modulePreload } from './src/integrations/modulePreload.ts';
import { clientDirectives } from './src/integrations/clientDirectives.ts';
import { injectedStyleHashes } from './src/integrations/injectedStyleHashes.ts';
import { inlineScriptHashes } from './src/integrations/inlineScriptHashes.ts';
import { settingsCheck } from './src/integrations/settingsCheck.ts';

const config = readSiteConfig(process.env);
const thirdParty = thirdPartyOrigins(config);
const apiOrigin = config.apiBase ? [new URL(config.apiBase).origin] : [];
// The map's tiles come from their own server (its {s} subdomains too) when one is set.
const tileOrigin = config.mapTilesUrl ? [new URL(config.mapTilesUrl.replace('{s}', '*').replace(/\{[a-z]\}/g, '0')).origin] : [];

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [settingsCheck(), react(), fileRoutes(), sitemap({ filter: (page) => isSitemapPath(new URL(page).pathname) }), jsReport(), apiInDev(), modulePreload(), cspHeaders(config.apiBase), clientDirectives()],
  server: { port: Number(process.env.PORT) || 4321 },
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        /** @type {`img-src ${string}`} */ (`img-src 'self' data: blob: ${tileOrigin.join(' ')}`.trim()),
        "font-src 'self'",
        /** @type {`connect-src ${string}`} */ (`connect-src 'self' ${[...apiOrigin, ...thirdParty].join(' ')}`.trim()),
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // The header's inline account script runs before the first paint, so it cannot be a bundled module.
      scriptDirective: { resources: ["'self'", ...thirdParty], hashes: inlineScriptHashes(config.apiBase) },
      // Astro hashes the page's own <style> elements, and the toast library's run-time sheet is hashed
      // too: no 'unsafe-inline' for style elements. style="" attributes (React style props) stay
      // allowed through style-src-attr: an attribute cannot load or run anything.
      styleDirective: {
        resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }],
        hashes: injectedStyleHashes(),
      },
    },
  },
});
