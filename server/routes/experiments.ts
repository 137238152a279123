import { Hono } from 'hono';
import { DEFAULT_FLAGS, ExperimentsQuery } from '../../src/api/structs/experiments.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { flagsFor, pathOf, runningExperiments } from '../platform/experiments.ts';

/** How long one process reuses the list of running experiments (a change shows within this time). */
const EXPERIMENTS_CACHE_MS = 10_000;

/** The experiments service (spec §7 "Experiments and content"): GET /v1/exps/ answers the visitor's A/B flags. */
export function experimentRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let cached: { until: number; experiments: Awaited<ReturnType<typeof runningExperiments>> } | undefined;

  routes.get('/exps/', async (c) => {
    const query = queryInput(c);
    if (query['client_id'] === undefined || query['client_id'] === '') throw new ApiError(400, 'Поле "client_id" обязательно для заполнения');
    const input = parseInput(ExperimentsQuery, query, 400);
    const now = deps.clock();
    if (cached === undefined || cached.until <= now.getTime()) cached = { until: now.getTime() + EXPERIMENTS_CACHE_MS, experiments: await runningExperiments(deps.db, now) };
    const running = cached.experiments.filter((e) => e.startsAt <= now && (e.endsAt === null || e.endsAt > now));
    const flags = flagsFor(running, input.client_id, pathOf(input.url));
    return c.json(flags.length === 0 ? DEFAULT_FLAGS : flags);
  });
  return routes;
}
