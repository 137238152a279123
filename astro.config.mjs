// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

/** The public origin of the site; canonical URLs and the sitemap use it. */
const site = process.env.PUBLIC_SITE_URL || 'https://shtrafy.example.ru';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  integrations: [react(), sitemap()],
  server: { port: Number(process.env.PORT) || 4321 },
});
