import { computed, map } from 'nanostores';
import { fetchFine, fetchSharedFine } from '../api/fines.ts';
import type { Fine } from '../api/structs/fine.ts';
import { ApiReplyError } from '../api/errors.ts';
import { userMessage } from '../api/userMessage.ts';
import { moscowToday } from '../lib/isoDate.ts';
import { paymentTerm } from '../lib/paymentTerm.ts';
import type { PaymentTerm } from '../lib/paymentTerm.ts';
import { $credentials } from './authData.ts';
import { $now } from './clock.ts';

/** Which fine a page shows: one of the visitor's (by id) or a shared one (by its hash). */
export type FineRef = { id: number } | { hash: string };

/** The fine of /fines/{id}/ or /fines/info/{hash}/. */
export type FineDetailsState =
  | { state: 'loading' }
  | { state: 'ready'; fine: Fine }
  | { state: 'notFound'; message: string }
  | { state: 'error'; message: string };

/** Shown when the fine does not exist or is not the visitor's (the API answers both with the same 404). */
export const FINE_NOT_FOUND_MESSAGE =
  'Штраф не найден. Ссылка могла устареть, или штраф найден в другом браузере — найдите штрафы заново по документу.';

/** The fine on the page. */
export const $fineDetails = map<{ current: FineDetailsState }>({ current: { state: 'loading' } });

/** Loads the fine; 400, 401 and 404 all mean "not yours or not there". */
export async function loadFine(ref: FineRef): Promise<void> {
  $fineDetails.setKey('current', { state: 'loading' });
  try {
    let fine: Fine;
    if ('hash' in ref) fine = await fetchSharedFine(ref.hash);
    else {
      const auth = $credentials.get();
      if (auth === undefined) throw new ApiReplyError(404, FINE_NOT_FOUND_MESSAGE);
      fine = await fetchFine(auth, ref.id);
    }
    $fineDetails.setKey('current', { state: 'ready', fine });
  } catch (error) {
    if (error instanceof ApiReplyError && [400, 401, 404].includes(error.status)) {
      $fineDetails.setKey('current', { state: 'notFound', message: FINE_NOT_FOUND_MESSAGE });
    } else {
      $fineDetails.setKey('current', { state: 'error', message: userMessage(error) });
    }
  }
}

/** The payment term of the unpaid fine on the page, by the clock (today in Moscow); undefined for a paid fine or none. */
export const $finePaymentTerm = computed([$fineDetails, $now], ({ current }, now): PaymentTerm | undefined =>
  current.state === 'ready' && !current.fine.paid ? paymentTerm(current.fine.paymentDeadline, moscowToday(now)) : undefined,
);
