import { Hono } from 'hono';
import { PathFineId, SandboxChargeInput } from '../../src/api/structs/sbp.ts';
import type { PaymentPath } from '../../src/api/structs/sbp.ts';
import { moscowToday } from '../../src/lib/isoDate.ts';
import type { AppDeps } from '../appDeps.ts';
import { readableFines } from '../fines/fineQueries.ts';
import { notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { PATH_RECHECK_MS, advancePaths, pathView } from '../payments/paymentPath.ts';
import { chargeRegisterOf } from '../payments/payOnce.ts';
import { setSandboxChargeState } from '../providers/gisgmp/sandboxRegister.ts';

/** A paid fine's path to ГИС ГМП (issue 25 §4), and the sandbox source's control of a charge's state. */
export function paymentPathRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/fine/:fineId/path', requireUser(deps), async (c) => {
    const fineId = parseInput(PathFineId, c.req.param('fineId'), 404);
    // Only a fine the user may read; anyone else's reads as missing.
    const [readable] = await readableFines(deps, userOf(c), [fineId]);
    if (readable === undefined) throw notFound();
    // Reading moves the path on (as the job does), so the page never shows a step later than it is.
    await advancePaths(deps, { fineIds: [fineId], recheckMs: PATH_RECHECK_MS.read });
    const view = await pathView(deps, fineId);
    // The user's own fine not paid through us (paid elsewhere, or not yet) has no path: null, not an error.
    return ok(c, (view ?? null) satisfies PaymentPath | null);
  });

  if (deps.sandboxControl && chargeRegisterOf(deps).sandbox) {
    routes.post('/sandbox/charges', async (c) => {
      const input = parseInput(SandboxChargeInput, await bodyInput(c));
      await setSandboxChargeState(deps.db, input.uin, input.state, input.since ?? moscowToday(deps.clock().getTime()));
      return ok(c, { uin: input.uin, state: input.state });
    });
  }
  return routes;
}
