import type { AppDeps } from '../../appDeps.ts';
import { A3Error } from '../gateways/a3/protocol.ts';
import { chargeA3Token, deleteA3Token, startA3Binding } from '../gateways/a3/tokens.ts';
import { gatewayOrder } from '../settings.ts';
import type { PaymentSystem } from '../settings.ts';
import { MonetaApiError, bindingRedirectUrl, chargeToken, deleteToken } from './gateways/monetaRecurring.ts';

/** A gateway that did not answer or refused the exchange (not a bank's decline): the caller tries later, or the next gateway. */
export class TokenGatewayUnavailable extends Error {}

/** How a token charge ended: paid (with the gateway's operation), or declined by the bank. */
export type TokenChargeOutcome = { kind: 'paid'; operationId: string } | { kind: 'declined'; reason: string };

/**
 * A gateway's card binding and token charges as autopay uses them — moneta's MerchantAPI or A3's token
 * API, each with our sandbox. A card's token belongs to the gateway that bound it: its charges and its
 * removal go there. Failures to reach the gateway are TokenGatewayUnavailable.
 */
export type TokenGateway = {
  readonly id: PaymentSystem;
  /** Starts binding a card; answers the gateway's page for the payer. */
  startBinding(bindingId: string, pages: { returnUrl: string; failUrl: string }): Promise<string>;
  /** Charges the token; `paymentId` makes a repeat the same charge. */
  charge(input: { token: string; paymentId: string; amountKopecks: number; description: string }): Promise<TokenChargeOutcome>;
  /** Removes the token at the gateway. */
  remove(token: string): Promise<void>;
};

/** Runs a gateway call, turning its own "unreachable or refused" error into TokenGatewayUnavailable. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MonetaApiError || error instanceof A3Error) throw new TokenGatewayUnavailable(error.message);
    throw error;
  }
}

/** The path of the A3 binding callback on our API. */
export const A3_BINDING_CALLBACK_PATH = '/105/api/autopay/a3/callback';

/** The token gateway `id`, or undefined when it is not offered for autopay (moneta without a MerchantAPI user; A3 off). */
export function tokenGateway(deps: AppDeps, id: PaymentSystem): TokenGateway | undefined {
  if (id === 'moneta') {
    const api = deps.autopay.gateway;
    if (api === undefined) return undefined;
    const { moneta } = deps.payments;
    return {
      id,
      startBinding: async (bindingId, pages) => bindingRedirectUrl(moneta.assistantUrl, moneta.account, { bindingId, ...pages }),
      charge: (input) => guarded(() => chargeToken(api.api, api.fetch, moneta.account, { token: input.token, clientTransaction: input.paymentId, amountKopecks: input.amountKopecks, description: input.description })),
      remove: (token) => guarded(() => deleteToken(api.api, api.fetch, token)),
    };
  }
  const a3 = deps.payments.a3;
  if (a3 === undefined) return undefined;
  return {
    id,
    startBinding: (bindingId, pages) => guarded(() => startA3Binding(a3.merchant, a3.fetch, { bindingId, ...pages, callbackUrl: `${deps.apiUrl}${A3_BINDING_CALLBACK_PATH}` })),
    charge: (input) => guarded(async () => chargeA3Token(a3.merchant, a3.fetch, { token: input.token, orderId: input.paymentId, amountKopecks: input.amountKopecks, description: input.description })),
    remove: (token) => guarded(() => deleteA3Token(a3.merchant, a3.fetch, token)),
  };
}

/** The gateways a card may be bound at, in the service's order (the primary, then the fallback, as for card payments). */
export function bindingGateways(deps: AppDeps): TokenGateway[] {
  return gatewayOrder(deps.payments).flatMap((id) => tokenGateway(deps, id) ?? []);
}
