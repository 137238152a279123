import { Hono } from 'hono';
import { OrdinanceQuery } from '../../src/api/structs/ordinance.ts';
import { toKopecks } from '../../src/api/structs/fields.ts';
import type { OrdinanceAdvantageReply, OrdinanceSummaryReply } from '../../src/api/structs/ordinance.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { DEFAULT_SHOW_BY, ORDINANCE_CATEGORIES, inCategory, matchesSearch, sortOrdinances } from '../../src/lib/ordinances.ts';
import type { OrdinanceCategory } from '../../src/lib/ordinances.ts';
import type { AppDeps } from '../appDeps.ts';
import { todayOf } from '../fines/fineStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { toOrdinanceItem } from '../ordinances/ordinanceItems.ts';
import { collectOrdinances, refreshOrdinances } from '../ordinances/ordinanceList.ts';

/** Roubles with kopecks summed without float drift. */
const sumRoubles = (values: readonly number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;

/** The signed-in user's ordinances: GET /api/ordinances/get/{category}, /summary, /advantage (spec §7). */
export function ordinanceRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  routes.get('/ordinances/get/summary', signedIn, async (c) => {
    const { items, isWait } = await collectOrdinances(deps, userOf(c));
    const counts = Object.fromEntries(ORDINANCE_CATEGORIES.map((category) => [category, items.filter((i) => inCategory(i, category)).length]));
    const toPay = sumRoubles(items.filter((i) => !i.paid).map((i) => i.amountToPay));
    const reply: OrdinanceSummaryReply = {
      counts: counts as OrdinanceSummaryReply['counts'],
      toPay,
      toPayKopecks: toKopecks(toPay),
      ...(isWait ? { isWait: true as const } : {}),
    };
    return ok(c, reply);
  });

  routes.get('/ordinances/get/advantage', signedIn, async (c) => {
    const { items } = await collectOrdinances(deps, userOf(c));
    const running = items.filter((i) => !i.paid && i.discountActive && i.discountLastDay !== null);
    const soon = addDays(todayOf(deps), 3);
    const lastDays = running.map((i) => i.discountLastDay ?? '').sort();
    const savings = sumRoubles(running.map((i) => i.amount - i.amountToPay));
    const reply: OrdinanceAdvantageReply = {
      savings,
      savingsKopecks: toKopecks(savings),
      endingSoon: running.filter((i) => (i.discountLastDay ?? '') <= soon).length,
      nearestLastDay: lastDays[0] ?? null,
    };
    return ok(c, reply);
  });

  routes.get('/ordinances/get/:category', signedIn, async (c) => {
    const category = c.req.param('category');
    if (!(ORDINANCE_CATEGORIES as readonly string[]).includes(category)) {
      throw new ApiError(400, `Неизвестная категория «${category.slice(0, 40)}». Допустимы: ${ORDINANCE_CATEGORIES.join(', ')}`);
    }
    const query = parseInput(OrdinanceQuery, queryInput(c), 400);
    const userId = userOf(c);
    if (query.isForceRefresh === 1) await refreshOrdinances(deps, userId);
    const { items, isWait, updatedAt } = await collectOrdinances(deps, userId);
    const page = query.page ?? 1;
    const showBy = query.showBy ?? DEFAULT_SHOW_BY;
    const search = query.search?.trim() ?? '';
    const chosen = sortOrdinances(
      items.filter((item) => inCategory(item, category as OrdinanceCategory) && (search === '' || matchesSearch(item, search))),
      query.order ?? 'DEFAULT',
    );
    return ok(c, {
      items: chosen.slice((page - 1) * showBy, page * showBy).map(toOrdinanceItem),
      total: chosen.length,
      page,
      showBy,
      ...(isWait ? { isWait: true } : {}),
      updatedAt: updatedAt.toISOString(),
    });
  });

  return routes;
}
