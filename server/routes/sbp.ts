import { Hono } from 'hono';
import type { SbpLink } from '../../src/api/structs/sbp.ts';
import { SBP_BANKS, bankAppLink } from '../../src/lib/sbpBanks.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { expireIfDue, holdEndsAt } from '../payments/holds.ts';
import { ownPayment } from '../payments/paymentStore.ts';
import { sbpLinkId } from '../payments/sbp/protocol.ts';
import { refreshSbp, sbpLinkOf } from '../payments/sbp/sbpStart.ts';
import { SANDBOX_SBP_PATH } from '../payments/sbp/sbpSettings.ts';
import { holdMsOf } from '../payments/settings.ts';

/** The СБП page's call: a payment's link to show as a QR code or open in the bank's app (the payer's own payment only). */
export function sbpRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/payment/:paymentId/sbp', requireUser(deps), async (c) => {
    const id = c.req.param('paymentId');
    const found = /^[0-9a-f]{32}$/.test(id) ? await ownPayment(deps.db, userOf(c), id) : undefined;
    const link = found === undefined ? undefined : await sbpLinkOf(deps, found.id);
    if (found === undefined || link === undefined) throw new ApiError(404, 'Платёж не найден');
    const now = deps.clock();
    const holdMs = holdMsOf(deps.payments);
    const payment = await expireIfDue(deps.db, await refreshSbp(deps, found), now, holdMs);
    const sandbox = deps.payments.sbp?.sandbox === true;
    const qrId = sbpLinkId(link.payload) ?? '';
    const sandboxBank = (bank?: string) => `${deps.apiUrl}${SANDBOX_SBP_PATH}/bank/${qrId}${bank === undefined ? '' : `?bank=${bank}`}`;
    return ok(c, {
      paymentId: payment.id,
      status: payment.status,
      total: Number(payment.total_kopecks),
      commission: Number(payment.commission_kopecks),
      payload: link.payload,
      appUrl: sandbox ? sandboxBank() : link.payload,
      banks: SBP_BANKS.map((bank) => ({ id: bank.id, name: bank.name, url: sandbox ? sandboxBank(bank.id) : bankAppLink(link.payload, bank.id) })),
      secondsLeft: payment.status === 'wait' ? Math.max(0, Math.round((holdEndsAt(payment.created_at, holdMs).getTime() - now.getTime()) / 1000)) : 0,
      sandboxBankUrl: sandbox ? sandboxBank() : null,
    } satisfies SbpLink);
  });

  return routes;
}
