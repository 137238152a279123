import { map } from 'nanostores';
import { fetchPaymentPath } from '../../api/sbp.ts';
import type { PaymentPath } from '../../api/structs/sbp.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';

// A paid fine's path to ГИС ГМП (issue 25): loaded on the fine's page, and asked again while the last
// step has not come (the source may take minutes), so the page moves without a reload.

/** What the path block shows: nothing yet, the path, no path (not paid through us), or why it failed. */
export type PathView = { state: 'loading' } | { state: 'ready'; path: PaymentPath } | { state: 'none' } | { state: 'error'; message: string };

/** The path of the fine on the page. */
export const $paymentPath = map<{ current: PathView }>({ current: { state: 'loading' } });

/** How often the page asks again while the fine is not accounted in ГИС ГМП yet. */
export const PATH_POLL_MS = 15_000;

/** Loads the path of the fine once; answers it (undefined when there is none). */
export async function loadPaymentPath(fineId: number): Promise<PaymentPath | undefined> {
  const auth = $credentials.get();
  if (auth === undefined) {
    $paymentPath.setKey('current', { state: 'none' });
    return undefined;
  }
  try {
    const path = await fetchPaymentPath(auth, fineId);
    if (path === null) {
      $paymentPath.setKey('current', { state: 'none' });
      return undefined;
    }
    $paymentPath.setKey('current', { state: 'ready', path });
    return path;
  } catch (error) {
    $paymentPath.setKey('current', error instanceof ApiReplyError && [401, 404].includes(error.status) ? { state: 'none' } : { state: 'error', message: userMessage(error) });
    return undefined;
  }
}

/** Loads the path and asks again every PATH_POLL_MS until it is accounted (or there is none); `signal` stops it. */
export async function followPaymentPath(fineId: number, signal: AbortSignal, sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<void> {
  $paymentPath.setKey('current', { state: 'loading' });
  while (!signal.aborted) {
    const path = await loadPaymentPath(fineId);
    if ($paymentPath.get().current.state === 'none' || path?.steps.every((step) => step.at !== null) === true) return;
    await sleep(PATH_POLL_MS);
  }
}
