import type { AppDeps } from '../appDeps.ts';
import { a3Verify } from './gateways/a3/protocol.ts';
import { recordPaymentEvent } from './paymentStore.ts';
import type { A3Gateway } from './settings.ts';

/**
 * An A3 callback's body, read only after its signature over the exact bytes holds: the parsed JSON
 * (undefined when it is not JSON), or `signed: false` with the refusal recorded under `event`.
 */
export async function readSignedA3Body(deps: AppDeps, a3: A3Gateway, body: string, signature: string | null, event: string): Promise<{ signed: true; parsed: unknown } | { signed: false }> {
  if (!a3Verify(a3.merchant.secret, body, signature)) {
    await recordPaymentEvent(deps.db, null, event, 'bad-signature', deps.clock());
    return { signed: false };
  }
  try {
    return { signed: true, parsed: JSON.parse(body) as unknown };
  } catch {
    return { signed: true, parsed: undefined };
  }
}
