import type { Session, TestApi } from '../helpers/testApi.ts';
import { signedNotification } from '../../../server/payments/gateways/moneta/protocol.ts';

/** A user who looked up a car of their own, and its unpaid fines' ids. */
export type Payer = { session: Session; fineIds: number[] };

let serial = 0;

/** Registers a user with a fresh СТС whose sandbox fines include at least `min` unpaid ones. */
export async function payerWithFines(api: TestApi, min: number): Promise<Payer> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    serial += 1;
    const sts = `77${String(10 + (serial % 89))}${String(100_000 + Math.floor(Math.random() * 899_999))}`;
    const plate = { vehiclePlateNumber: `В${String(100 + (serial % 899))}ОР`, vehiclePlateRegion: '99' };
    const session = await api.register();
    const added = await api.request('POST', '/105/api/sts', { session, form: { sts, ...plate } });
    if (added.status !== 200) continue;
    const list = await api.request('GET', '/105/api/sts', { session });
    const stsId = list.body.response?.sts?.[0]?.id;
    if (stsId === undefined) continue;
    const fines = (await api.request('GET', `/105/api/fineList/by/sts/${stsId}`, { session })).body.response?.fines as { id: number; paid: boolean }[] | undefined;
    const unpaid = (fines ?? []).filter((fine) => !fine.paid).map((fine) => fine.id);
    if (unpaid.length >= min) return { session, fineIds: unpaid };
  }
  throw new Error(`no sandbox car with ${min} unpaid fines`);
}

/** The payer fields of a payment call. */
export const PAYER = { paymentSystem: 'moneta', email: 'payer@example.ru', fio: 'иванов иван иванович' };

/** Starts a payment of these fines; answers the reply. */
export function startPayment(api: TestApi, payer: Payer, fineIds: readonly number[], extra: Record<string, unknown> = {}) {
  return api.request('POST', '/105/api/multipayment', { session: payer.session, json: { fineIds, ...PAYER, ...extra } });
}

/** Sends a notification as moneta would (form POST to the Pay URL); answers status and body. */
export async function notify(api: TestApi, fields: Record<string, string>) {
  const reply = await api.app.request('/105/api/payment/moneta/notify', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: reply.status, text: await reply.text() };
}

/** A correctly signed notification for a payment of `totalKopecks`. */
export function paidNotification(api: TestApi, paymentId: string, totalKopecks: number, operationId = '123456789'): Record<string, string> {
  const signed = signedNotification(api.deps.payments.moneta.account, paymentId, operationId, totalKopecks);
  return Object.fromEntries(Object.entries(signed).map(([name, value]) => [name, value ?? '']));
}
