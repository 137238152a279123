/**
 * `npm start`: the one local server. Builds the site when dist/ is missing or stale, opens the API
 * (database at start-up), then serves the site, the redirects, the security headers and the API on
 * PORT in one Node process. Ctrl-C stops it cleanly.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { bootApi } from './boot.ts';
import { EnvError, loadServerEnv } from './env.ts';
import { siteNeedsBuild } from './site/buildFreshness.ts';
import { createSiteApp } from './site/siteApp.ts';
import { capConnections, serverOptions } from './site/serverLimits.ts';
import type { Server } from 'node:http';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, 'dist');

let env;
try {
  env = loadServerEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Ошибка настройки: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

if (process.argv.includes('--no-build')) {
  // The tests build once themselves and start the server on that build.
} else if (await siteNeedsBuild(root, distDir)) {
  console.log('Сборка сайта (dist/ отсутствует или устарела)…');
  const build = spawnSync(process.execPath, [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) {
    console.error('Сборка не удалась; сервер не запущен.');
    process.exit(build.status ?? 1);
  }
}

const api = await bootApi(env);
const quiet = process.env['ACCESS_LOG'] === '0';
const site = createSiteApp({
  distDir,
  api: api.app,
  allowedHosts: env.webviewAllowedHosts,
  ...(quiet ? {} : { log: (line: string) => console.log(line) }),
});

const server = serve({ fetch: site.fetch, port: env.port, serverOptions: serverOptions(env.serverLimits) }, (info) => {
  console.log(`Сайт и API: http://localhost:${info.port}/  (Ctrl-C — остановить)`);
});

capConnections(server as unknown as Server, env.serverLimits);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: останавливаюсь…`);
  server.close();
  await api.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
