import { map } from 'nanostores';
import { cancelByLink } from '../../api/autopay.ts';
import { userMessage } from '../../api/userMessage.ts';

/** The cancel page (/autopay/cancel/): the token from the mailed link, and what cancelling did. */
export type CancelLinkState =
  | { kind: 'noToken' }
  | { kind: 'ready' | 'busy'; token: string }
  | { kind: 'done'; uin: string; amountKopecks: number; cancelled: boolean; status: string }
  | { kind: 'failed'; token: string; error: string };

/** The page's state. */
export const $cancelLink = map<{ view: CancelLinkState }>({ view: { kind: 'noToken' } });

/** Takes the token out of the address (it stays out of history and Referer) and keeps it in memory. */
export function readCancelToken(location: Pick<Location, 'href'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token !== '') {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  $cancelLink.setKey('view', /^[0-9A-Za-z._-]{10,200}$/.test(token) ? { kind: 'ready', token } : { kind: 'noToken' });
}

/** «Отменить оплату»: a person's click, not the mail client's prefetch, cancels the fine's autopay. */
export async function cancelNow(): Promise<void> {
  const view = $cancelLink.get().view;
  if (view.kind !== 'ready' && view.kind !== 'failed') return;
  $cancelLink.setKey('view', { kind: 'busy', token: view.token });
  try {
    const done = await cancelByLink(view.token);
    $cancelLink.setKey('view', { kind: 'done', ...done });
  } catch (error) {
    $cancelLink.setKey('view', { kind: 'failed', token: view.token, error: userMessage(error) });
  }
}
