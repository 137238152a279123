import { computed, map } from 'nanostores';
import { ApiReplyError } from '../api/errors.ts';
import { fetchFineByUin, fetchFineList } from '../api/fines.ts';
import type { Fine, FineListReply, Order } from '../api/structs/fine.ts';
import { userMessage } from '../api/userMessage.ts';
import { lastUpdatedLabel } from '../lib/dates.ts';
import { $credentials } from './authData.ts';
import { $now, tick } from './clock.ts';
import { finesUrl } from './finesTarget.ts';
import type { FinesTarget } from './finesTarget.ts';
import { rememberShownList } from './finesReturn.ts';
import { unpaidFirst } from './fineView.ts';
import { isSessionError, withSession } from './session.ts';
import { siteEvents } from './siteEvents.ts';

/** The fine list (spec §3 ordinances state, for one searched document). */
export type FineListState = {
  busy: boolean;
  target: FinesTarget | undefined;
  fines: Fine[];
  orders: Order[];
  /** When the list last arrived (ms), 0 before the first. */
  lastUpdated: number;
  /** Why the last load failed, in Russian; '' when it did not. */
  error: string;
  /** The stored session does not own this document any more: the visitor has to search again. */
  needsNewSearch: boolean;
};

/** What a load returns: the fines found (empty when the call was refused because another load was running). */
export type FineListResult = { items: Fine[] };

/** The fine list of the current /fines/ page. */
export const $fineList = map<FineListState>({
  busy: false,
  target: undefined,
  fines: [],
  orders: [],
  lastUpdated: 0,
  error: '',
  needsNewSearch: false,
});

/** The list's fines as shown: unpaid first (the ones to act on), each group in the order the API gave (issue 24, items 2 and 13). */
export const $shownFines = computed($fineList, (list) => unpaidFirst(list.fines));

/** 'только что' within 60 s of the last update, else its date and time (spec §4); '' before the first. */
export const $lastUpdatedLabel = computed([$fineList, $now], (list, now) => lastUpdatedLabel(list.lastUpdated, now));

/** Asks the API for the target's fines: by document or car with a session, by УИН anonymously (credentials only if the visitor has them). */
async function request(target: FinesTarget): Promise<FineListReply> {
  switch (target.by) {
    case 'uin':
      return fetchFineByUin(target.uin, $credentials.get());
    case 'car':
      return withSession((auth) => fetchFineList(auth, { by: 'car', car: target.car }));
    case 'sts':
    case 'dl': {
      const auth = $credentials.get();
      // A document id belongs to a session; without one there is nothing to ask for.
      if (auth === undefined) throw new SessionLostError();
      return fetchFineList(auth, { by: target.by, id: target.id });
    }
  }
}

/** The document was found in another session than the one stored now. */
class SessionLostError extends Error {
  constructor() {
    super('Session lost');
  }
}

/**
 * Loads the target's fines (spec §4: busy while loading; a second request while busy returns an
 * empty items list and changes nothing).
 */
export async function loadFineList(target: FinesTarget): Promise<FineListResult> {
  if ($fineList.get().busy) return { items: [] };
  $fineList.set({ ...$fineList.get(), busy: true, target, error: '', needsNewSearch: false });
  try {
    const reply = await request(target);
    $fineList.set({ ...$fineList.get(), busy: false, fines: reply.fines, orders: reply.orders, lastUpdated: Date.now() });
    tick();
    // «К штрафам» after a payment comes back to this list (src/stores/finesReturn.ts).
    rememberShownList(finesUrl(target), reply.fines.map((fine) => fine.id));
    // The analytics funnel's second step (search → fine found → payment): counts only, no numbers.
    siteEvents.emit('searchResult', { by: target.by, found: reply.fines.length });
    return { items: reply.fines };
  } catch (error) {
    const lost = error instanceof SessionLostError || (target.by !== 'uin' && target.by !== 'car' && (isSessionError(error) || isNotFound(error)));
    $fineList.set({
      ...$fineList.get(),
      busy: false,
      fines: [],
      orders: [],
      error: lost ? SESSION_LOST_MESSAGE : userMessage(error),
      needsNewSearch: lost,
    });
    return { items: [] };
  }
}

/** Shown when the document of the address is not the visitor's (another browser, a cleared session). */
export const SESSION_LOST_MESSAGE =
  'Этот документ не найден в вашем списке: ссылка открыта в другом браузере или данные входа устарели. Найдите штрафы заново — это займёт несколько секунд.';

/** Whether the error is the API's 404 (no such document for this session). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiReplyError && error.status === 404;
}

/** Loads the same target again (the retry button). */
export async function reloadFineList(): Promise<FineListResult> {
  const target = $fineList.get().target;
  return target === undefined ? { items: [] } : loadFineList(target);
}
