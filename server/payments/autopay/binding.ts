import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../appDeps.ts';
import { monetaAmount, notificationAnswer, notificationSignature, readNotification } from '../gateways/moneta/protocol.ts';
import type { MonetaNotification } from '../gateways/moneta/protocol.ts';
import { recordPaymentEvent } from '../paymentStore.ts';
import type { NotificationReply } from '../monetaNotifications.ts';
import { bindCard, failBinding, readBinding, startBinding } from './cardStore.ts';
import { BINDING_HOLD_KOPECKS, MonetaApiError, bindingOperation, cancelHold } from './gateways/monetaRecurring.ts';
import { TokenGatewayUnavailable, bindingGateways } from './tokenGateway.ts';
import { ApiError } from '../../http/apiError.ts';

/** The profile page the payer returns to from binding. */
export const AUTOPAY_PAGE = '/profile/autopay/';

/** The site's pages the gateway returns the payer to after binding. */
export function bindingPages(siteUrl: string) {
  return { returnUrl: `${siteUrl}${AUTOPAY_PAGE}?binding=done`, failUrl: `${siteUrl}${AUTOPAY_PAGE}?binding=failed` };
}

/** Whether autopay is offered: some gateway can bind cards and charge tokens (moneta's MerchantAPI, A3). */
export const autopayAvailable = (deps: AppDeps) => bindingGateways(deps).length > 0;

/**
 * Starts binding a card for the user at the first gateway that takes it (the primary, then the
 * fallback, as for card payments: moneta's page is a signed address and cannot fail here; A3 opens the
 * binding through its API first); answers the gateway page to send them to.
 */
export async function startCardBinding(deps: AppDeps, userId: number): Promise<string> {
  const gateways = bindingGateways(deps);
  if (gateways.length === 0) throw new ApiError(404, 'Автооплата пока недоступна');
  for (const gateway of gateways) {
    const id = await startBinding(deps.db, userId, deps.clock(), gateway.id);
    try {
      return await gateway.startBinding(id, bindingPages(deps.siteUrl));
    } catch (error) {
      if (!(error instanceof TokenGatewayUnavailable)) throw error;
      await failBinding(deps.db, id);
      await recordPaymentEvent(deps.db, null, `autopay.binding.${gateway.id}`, 'unreachable', deps.clock());
    }
  }
  throw new ApiError(503, 'Платёжная система не ответила: попробуйте привязать карту чуть позже');
}

/** Whether a binding notification is moneta's for our account: the fields we expect, the subscriber being the transaction, the signature. */
export function bindingNotificationAuthentic(n: MonetaNotification, deps: Pick<AppDeps, 'payments'>): boolean {
  const { account } = deps.payments.moneta;
  const expected =
    n.MNT_ID === account.accountId &&
    /^[0-9a-f]{32}$/.test(n.MNT_TRANSACTION_ID) &&
    n.MNT_SUBSCRIBER_ID === n.MNT_TRANSACTION_ID &&
    /^[1-9]\d{0,19}$/.test(n.MNT_OPERATION_ID) &&
    n.MNT_CURRENCY_CODE === 'RUB' &&
    n.MNT_TEST_MODE === (account.testMode ? '1' : '0') &&
    n.MNT_AMOUNT === monetaAmount(BINDING_HOLD_KOPECKS) &&
    /^[0-9a-f]{32}$/i.test(n.MNT_SIGNATURE);
  if (!expected) return false;
  return timingSafeEqual(Buffer.from(notificationSignature(n, account.integrityCode), 'hex'), Buffer.from(n.MNT_SIGNATURE.toLowerCase(), 'hex'));
}

const fail: NotificationReply = { body: 'FAIL', contentType: 'text/plain; charset=utf-8', accepted: false };

/**
 * moneta's notification about a binding's 1 ₽ hold: checked like a payment's (its signature covers the
 * subscriber id); then the token is read over the MerchantAPI (never trusted from the notification), the
 * hold released, and the card kept once. A repeat is acknowledged and changes nothing.
 */
export async function handleBindingNotification(deps: AppDeps, input: Record<string, unknown>): Promise<NotificationReply> {
  const now = deps.clock();
  const notification = readNotification(input);
  if (notification === undefined || !bindingNotificationAuthentic(notification, deps)) {
    await recordPaymentEvent(deps.db, null, 'autopay.binding', 'refused', now);
    return fail;
  }
  const binding = await readBinding(deps.db, notification.MNT_TRANSACTION_ID);
  if (binding === undefined) {
    await recordPaymentEvent(deps.db, null, 'autopay.binding', 'unknown-binding', now);
    return fail;
  }
  const answer = { body: notificationAnswer(deps.payments.moneta.account, binding.id, true), contentType: 'application/xml; charset=utf-8', accepted: true };
  if (binding.status !== 'pending') return answer;
  const gateway = deps.autopay.gateway;
  if (gateway === undefined) return fail;
  try {
    const card = await bindingOperation(gateway.api, gateway.fetch, notification.MNT_OPERATION_ID);
    await cancelHold(gateway.api, gateway.fetch, notification.MNT_OPERATION_ID);
    if (card === undefined) {
      await failBinding(deps.db, binding.id);
      await recordPaymentEvent(deps.db, null, 'autopay.binding', 'no-token', now);
      return answer;
    }
    await bindCard(deps.db, binding.id, card, now);
    await recordPaymentEvent(deps.db, null, 'autopay.binding', 'bound', now);
    return answer;
  } catch (error) {
    if (!(error instanceof MonetaApiError)) throw error;
    // moneta repeats an unanswered notification: the token is read then.
    await recordPaymentEvent(deps.db, null, 'autopay.binding', 'api-unreachable', now);
    return fail;
  }
}
