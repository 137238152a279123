import { map } from 'nanostores';
import QRCode from 'qrcode';
import { fetchSbpLink } from '../../api/sbp.ts';
import type { SbpLink } from '../../api/structs/sbp.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';
import { POLL_MS } from './paymentStatus.ts';

// The СБП page (issue 25): the payment link as a QR code for a computer (the payer scans it with the
// phone's camera or bank app), as the bank's button and the list of banks on a phone; it asks for the
// payment's state meanwhile and, once the bank has answered, hands over to the same wait page as a card.

/** What the СБП page shows. */
export type SbpView =
  | { state: 'loading' }
  | { state: 'ready'; link: SbpLink; /** The QR code as an image address (SVG). */ qr: string; /** Date.now() when the link was read. */ loadedAt: number }
  | { state: 'notFound' }
  | { state: 'error'; message: string };

/** The СБП page's state. */
export const $sbp = map<{ current: SbpView }>({ current: { state: 'loading' } });

/** The QR code of a payment link, as an image address (an SVG data URL: the page's CSP allows data: images). */
export async function qrImage(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#16202c', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Loads the link once (and draws its QR code the first time); answers it. */
export async function loadSbp(paymentId: string | undefined, now: () => number = Date.now): Promise<SbpLink | undefined> {
  const auth = $credentials.get();
  if (paymentId === undefined || auth === undefined) {
    $sbp.setKey('current', { state: 'notFound' });
    return undefined;
  }
  try {
    const link = await fetchSbpLink(auth, paymentId);
    const before = $sbp.get().current;
    const qr = before.state === 'ready' && before.link.payload === link.payload ? before.qr : await qrImage(link.payload);
    $sbp.setKey('current', { state: 'ready', link, qr, loadedAt: now() });
    return link;
  } catch (error) {
    $sbp.setKey('current', error instanceof ApiReplyError && [400, 401, 404].includes(error.status) ? { state: 'notFound' } : { state: 'error', message: userMessage(error) });
    return undefined;
  }
}

/** Time for the page; tests pass a fake. */
export type SbpTimers = { sleep(ms: number): Promise<void> };

const realTimers: SbpTimers = { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Shows the link and asks for the payment every POLL_MS until the bank has answered (the phone paid,
 * declined, or the link ran out); then answers the wait page, which shows the outcome as for a card.
 * A network hiccup does not stop it; `signal` does (then it answers undefined).
 */
export async function followSbp(paymentId: string | undefined, signal: AbortSignal, timers: SbpTimers = realTimers): Promise<string | undefined> {
  $sbp.setKey('current', { state: 'loading' });
  while (!signal.aborted) {
    const link = await loadSbp(paymentId);
    if ($sbp.get().current.state === 'notFound') return undefined;
    if (link !== undefined && link.status !== 'wait') return `/prepayment/wait/?paymentId=${link.paymentId}`;
    await timers.sleep(POLL_MS);
  }
  return undefined;
}
