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
import type { ServerEnv } from './env.ts';
import { siteNeedsBuild } from './site/buildFreshness.ts';
import { createSiteApp } from './site/siteApp.ts';
import { createDevMailbox } from './site/devMailbox.ts';
import { capConnections, serverOptions } from './site/serverLimits.ts';
import { drainServer } from './site/drain.ts';
import { metricsApp } from './observability/metricsApp.ts';
import type { Server } from 'node:http';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, 'dist');

let env: ServerEnv;
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
/** The booted API of this process (the browser tests' server reaches its database through it). */
export const startedApi = api;
const { logger } = api;
const devMailbox = createDevMailbox({ db: api.deps.db, production: env.production });
const site = createSiteApp({
  distDir,
  api: api.app,
  allowedHosts: env.webviewAllowedHosts,
  ...(devMailbox === undefined ? {} : { devMailbox }),
  // Pages and files into the same access log and metrics as the API's requests.
  ...(api.deps.onRequest === undefined ? {} : { onRequest: api.deps.onRequest }),
});

const server = serve({ fetch: site.fetch, port: env.port, serverOptions: serverOptions(env.serverLimits) }, (info) => {
  logger.info({ port: info.port }, `Сайт и API: http://localhost:${info.port}/  (Ctrl-C — остановить)`);
});
capConnections(server as unknown as Server, env.serverLimits);

// Prometheus metrics on a port of their own, never on the public one.
const metricsServer =
  env.metricsPort === undefined
    ? undefined
    : serve({ fetch: metricsApp(api.metrics).fetch, port: env.metricsPort, hostname: env.metricsHost }, (info) => {
        logger.info({ port: info.port }, `Метрики: http://${env.metricsHost}:${info.port}/metrics`);
      });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, deadlineMs: env.shutdownDeadlineMs }, `${signal}: новые соединения не принимаются, завершаю начатые запросы…`);
  const { forced } = await drainServer(server as unknown as Server, env.shutdownDeadlineMs);
  if (forced) logger.warn('Не все запросы успели завершиться: соединения закрыты по истечении срока');
  metricsServer?.close();
  await api.close();
  logger.info('Остановлен');
  logger.flush();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
