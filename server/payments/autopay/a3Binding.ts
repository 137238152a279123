import type { AppDeps } from '../../appDeps.ts';
import { A3Error } from '../gateways/a3/protocol.ts';
import { readSignedA3Body } from '../a3SignedBody.ts';
import { a3BindingState, readBindingCallback } from '../gateways/a3/tokens.ts';
import { recordPaymentEvent } from '../paymentStore.ts';
import type { A3Gateway } from '../settings.ts';
import { bindCard, failBinding, readBinding } from './cardStore.ts';

/** How a binding callback was taken: accepted (bound, refused, or a repeat) or refused, and why. */
export type A3BindingReply = { accepted: boolean; outcome: 'bound' | 'declined' | 'repeat' | 'pending' | 'bad-signature' | 'malformed' | 'unknown-binding' | 'unreachable' };

/**
 * A3's callback about a card binding: the signature over the exact body first, then a binding of ours
 * made at A3 and still pending; the token is never taken from the callback — it is asked from A3
 * (POST /bindings/status), and the card kept once (pending → bound). A repeat changes nothing.
 */
export async function handleA3BindingCallback(deps: AppDeps, a3: A3Gateway, body: string, signature: string | null): Promise<A3BindingReply> {
  const now = deps.clock();
  const read = await readSignedA3Body(deps, a3, body, signature, 'autopay.binding.A3');
  if (!read.signed) return { accepted: false, outcome: 'bad-signature' };
  const callback = readBindingCallback(read.parsed);
  if (callback === undefined || callback.merchantId !== a3.merchant.merchantId) return { accepted: false, outcome: 'malformed' };
  const binding = await readBinding(deps.db, callback.bindingId);
  if (binding === undefined || binding.gateway !== 'A3') {
    await recordPaymentEvent(deps.db, null, 'autopay.binding.A3', 'unknown-binding', now);
    return { accepted: false, outcome: 'unknown-binding' };
  }
  if (binding.status !== 'pending') return { accepted: true, outcome: 'repeat' };
  try {
    const state = await a3BindingState(a3.merchant, a3.fetch, binding.id);
    if (state.status === 'declined') {
      await failBinding(deps.db, binding.id);
      await recordPaymentEvent(deps.db, null, 'autopay.binding.A3', 'declined', now);
      return { accepted: true, outcome: 'declined' };
    }
    if (state.status !== 'bound' || state.token === null || state.mask === null || state.expiry === null) return { accepted: true, outcome: 'pending' };
    await bindCard(deps.db, binding.id, { token: state.token, mask: state.mask, expiry: state.expiry }, now);
    await recordPaymentEvent(deps.db, null, 'autopay.binding.A3', 'bound', now);
    return { accepted: true, outcome: 'bound' };
  } catch (error) {
    if (!(error instanceof A3Error)) throw error;
    // A3 repeats a callback it got no answer to: the card is read then.
    await recordPaymentEvent(deps.db, null, 'autopay.binding.A3', 'api-unreachable', now);
    return { accepted: false, outcome: 'unreachable' };
  }
}
