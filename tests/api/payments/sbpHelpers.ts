import type { TestApi } from '../helpers/testApi.ts';
import { PAYER } from './helpers.ts';
import type { Payer } from './helpers.ts';

/** The path and query of an absolute address (the sandbox's pages are served by the app under test). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Starts an СБП payment of these fines at the СБП total the quote shows; answers the payment id and its link reply. */
export async function startSbp(api: TestApi, payer: Payer, fineIds: readonly number[]) {
  const quote = (await api.request('GET', `/105/api/payment/info?fineIds=${fineIds.join(',')}&type=fines`, { session: payer.session })).body.response;
  const started = await api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds, email: PAYER.email, fio: PAYER.fio, method: 'sbp', total: String(quote.sbp.total) } });
  if (started.status !== 200) throw new Error(`СБП start failed: ${JSON.stringify(started.body)}`);
  const paymentId = started.body.response.paymentId as string;
  const link = (await api.request('GET', `/105/api/payment/${paymentId}/sbp`, { session: payer.session })).body.response;
  return { paymentId, redirectUrl: started.body.response.redirectUrl as string, link, quote };
}

/** The payer's choice in the sandbox «bank app» (pay, decline, timeout); answers the reply. */
export async function inBank(api: TestApi, bankUrl: string, outcome: 'pay' | 'decline' | 'timeout') {
  return api.app.request(pathOf(bankUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ outcome }).toString() });
}
