import type { AppDeps } from '../appDeps.ts';
import { A3Error, createOrder } from './gateways/a3/protocol.ts';
import { paymentRedirectUrl } from './gateways/moneta/protocol.ts';
import { closeUnpaid, recordPaymentEvent, setGatewayPage } from './paymentStore.ts';
import type { PaymentSystem } from './settings.ts';

/** A gateway that could not take the payment (A3's API did not answer or refused the order): the next one is tried. */
export class GatewayUnavailable extends Error {}

/** What a gateway is told about a started payment. */
export type GatewayRequest = { paymentId: string; totalKopecks: number; description: string };

/** The site's pages a gateway returns the payer to, for this payment. */
function returnPages(deps: AppDeps, paymentId: string) {
  const back = (page: string) => `${deps.siteUrl}/prepayment/${page}/?paymentId=${paymentId}`;
  return { wait: back('wait'), error: back('error') };
}

/**
 * Opens the payment at one gateway and answers the page the payer goes to. moneta's Assistant takes a
 * signed request in the address (nothing to call, so it cannot fail here: its failures happen on its
 * own page, and the payer returns to the error page); A3 creates an order through its API first.
 */
async function openAt(deps: AppDeps, system: PaymentSystem, request: GatewayRequest): Promise<string> {
  const pages = returnPages(deps, request.paymentId);
  const { a3, moneta } = deps.payments;
  if (system === 'A3') {
    if (a3 === undefined) throw new GatewayUnavailable('A3 is off');
    try {
      const order = await createOrder(a3.merchant, a3.fetch, {
        orderId: request.paymentId,
        amount: request.totalKopecks,
        description: request.description,
        returnUrl: pages.wait,
        failUrl: pages.error,
        callbackUrl: `${deps.apiUrl}/105/api/payment/a3/callback`,
      });
      await recordPaymentEvent(deps.db, request.paymentId, 'a3.order', 'created', deps.clock());
      return order.formUrl;
    } catch (error) {
      if (!(error instanceof A3Error)) throw error;
      await recordPaymentEvent(deps.db, request.paymentId, 'a3.order', 'failed', deps.clock());
      throw new GatewayUnavailable(error.message);
    }
  }
  return paymentRedirectUrl(moneta.assistantUrl, moneta.account, {
    transactionId: request.paymentId,
    amountKopecks: request.totalKopecks,
    description: request.description,
    successUrl: pages.wait,
    inProgressUrl: pages.wait,
    failUrl: pages.error,
    returnUrl: pages.error,
  });
}

/**
 * Opens the payment at the first of `systems` that takes it (the service's order: the primary gateway,
 * then the fallback; or the one system an app named) and remembers that gateway and its page for
 * «Продолжить оплату». Answers the page, or undefined when none took it: the payment is then closed
 * unpaid and its fines are free again.
 */
export async function openAtGateway(deps: AppDeps, systems: readonly PaymentSystem[], request: GatewayRequest): Promise<string | undefined> {
  for (const system of systems) {
    try {
      const url = await openAt(deps, system, request);
      await setGatewayPage(deps.db, request.paymentId, system, url);
      return url;
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
    }
  }
  await closeUnpaid(deps.db, request.paymentId, 'error', 'Платёжная система не ответила: деньги не списаны', deps.clock());
  return undefined;
}
