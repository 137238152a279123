import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { queryInput } from '../http/input.ts';
import { requestSignature, signedNotification } from '../payments/gateways/moneta/protocol.ts';
import type { MonetaNotification } from '../payments/gateways/moneta/protocol.ts';
import { sandboxCardOutcome, submittedCard } from '../payments/gateways/sandboxCards.ts';
import { sandboxPage } from '../payments/gateways/sandboxPage.ts';
import { handleMonetaNotification } from '../payments/monetaNotifications.ts';
import { recordPaymentEvent } from '../payments/paymentStore.ts';

/** The job that delivers the slow test card's notification. */
export const SANDBOX_NOTIFY_JOB = 'payments.sandboxNotify';

/** The request fields the sandbox reads and posts back. */
const FIELDS = ['MNT_ID', 'MNT_TRANSACTION_ID', 'MNT_AMOUNT', 'MNT_CURRENCY_CODE', 'MNT_TEST_MODE', 'MNT_DESCRIPTION', 'MNT_SUCCESS_URL', 'MNT_FAIL_URL', 'MNT_INPROGRESS_URL', 'MNT_RETURN_URL', 'MNT_SIGNATURE'] as const;

const page = (html: string, status: 200 | 400 = 200) => new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * Our stand-in for MONETA.Assistant (used when no real account is set): it checks the signed payment
 * request as moneta does, shows a card page, and for the test cards sends the signed Pay URL
 * notification (to the same handler the real one reaches), then returns the payer to our site.
 */
export function paymentSandboxRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { account } = deps.payments.moneta;

  /** The request's fields, when they are all there, signed with our account, and return only to our site's payment pages. */
  const checked = (input: Record<string, unknown>): Record<string, string> | undefined => {
    const fields: Record<string, string> = {};
    for (const name of FIELDS) {
      const value = input[name];
      if (typeof value !== 'string' || value.length > 500) return undefined;
      fields[name] = value;
    }
    if (fields['MNT_ID'] !== account.accountId || !/^\d{1,9}\.\d{2}$/.test(fields['MNT_AMOUNT'] ?? '')) return undefined;
    if (requestSignature(account, fields['MNT_TRANSACTION_ID'] ?? '', fields['MNT_AMOUNT'] ?? '') !== fields['MNT_SIGNATURE']) return undefined;
    const ours = `${deps.siteUrl}/prepayment/`;
    if (!['MNT_SUCCESS_URL', 'MNT_FAIL_URL', 'MNT_INPROGRESS_URL', 'MNT_RETURN_URL'].every((name) => fields[name]?.startsWith(ours))) return undefined;
    return fields;
  };
  const kopecksOf = (amount: string) => Math.round(Number(amount) * 100);
  const refused = () => page('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ошибка запроса</title><h1>Запрос на оплату не принят</h1><p>Подпись запроса неверна или в нём не хватает полей.</p></html>', 400);

  routes.get('/moneta/assistant', (c) => {
    const fields = checked(queryInput(c));
    if (fields === undefined) return refused();
    return page(sandboxPage({ amountKopecks: kopecksOf(fields['MNT_AMOUNT'] ?? '0'), description: fields['MNT_DESCRIPTION'] ?? '', fields }));
  });

  routes.post('/moneta/pay', async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return refused();
    }
    const fields = checked(form);
    if (fields === undefined) return refused();
    const go = (name: (typeof FIELDS)[number]) => c.redirect(fields[name] ?? deps.siteUrl, 303);
    if (form['action'] === 'cancel') return go('MNT_RETURN_URL');
    const amountKopecks = kopecksOf(fields['MNT_AMOUNT'] ?? '0');
    const outcome = sandboxCardOutcome(submittedCard(form));
    if (outcome === undefined) {
      return page(sandboxPage({ amountKopecks, description: fields['MNT_DESCRIPTION'] ?? '', fields, error: 'Карта не принята: в тестовом шлюзе работают только тестовые карты из списка ниже' }));
    }
    const transactionId = fields['MNT_TRANSACTION_ID'] ?? '';
    if (outcome === 'declined') {
      // moneta sends no notification for a declined card: the payer comes back to the fail page.
      await recordPaymentEvent(deps.db, /^[0-9a-f]{32}$/.test(transactionId) ? transactionId : null, 'sandbox.card', 'declined', deps.clock());
      return c.redirect(`${fields['MNT_FAIL_URL'] ?? ''}&reason=declined`, 303);
    }
    const notification = signedNotification(account, transactionId, String(randomInt(100_000_000, 999_999_999)), amountKopecks);
    if (outcome === 'pays') {
      await handleMonetaNotification(deps, notification);
      return go('MNT_SUCCESS_URL');
    }
    await deliverLater(deps, notification);
    return go('MNT_INPROGRESS_URL');
  });

  return routes;
}

/** Sends the slow card's notification after the sandbox delay: through the job queue when there is one. */
async function deliverLater(deps: AppDeps, notification: MonetaNotification): Promise<void> {
  const runAt = new Date(deps.clock().getTime() + deps.payments.sandboxDelayMs);
  if (deps.jobs !== undefined) {
    await deps.jobs.enqueue(SANDBOX_NOTIFY_JOB, { notification }, { runAt });
    return;
  }
  setTimeout(() => void handleMonetaNotification(deps, notification).catch((error: unknown) => deps.onUnexpectedError?.(error)), deps.payments.sandboxDelayMs).unref();
}
