import { createSandboxProvider } from '../../../server/providers/fines/sandbox.ts';
import type { FinesProvider } from '../../../server/providers/fines/provider.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { signUp } from '../helpers/accounts.ts';
import type { ReceivedMail } from '../helpers/smtpSink.ts';
import type { Session, TestApi } from '../helpers/testApi.ts';

/** The sandbox source, with rulings the test marks paid elsewhere (at the source, not through us). */
export function sourceWithPaidElsewhere(): { fines: FinesProvider; payElsewhere(uin: string): void } {
  const sandbox = createSandboxProvider();
  const paid = new Set<string>();
  const fines: FinesProvider = {
    ...sandbox,
    addFine: sandbox.addFine?.bind(sandbox),
    async finesFor(subject, today) {
      const found = await sandbox.finesFor(subject, today);
      return { ...found, fines: found.fines.map((fine) => (paid.has(fine.uin) ? { ...fine, paidAt: `${today}T08:00:00+03:00` } : fine)) };
    },
  } as FinesProvider;
  return { fines, payElsewhere: (uin) => paid.add(uin) };
}

/** A driver with a confirmed address, a car of their own (a fresh СТС) and its id. */
export type Driver = { email: string; session: Session; car: { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string }; stsId: number };

let serial = 0;

/** Signs up a driver and adds a fresh car. */
export async function driver(api: MailTestApi): Promise<Driver> {
  serial += 1;
  const email = `driver${serial}-${Math.floor(Math.random() * 1e6)}@example.ru`;
  const session = await signUp(api, email);
  const car = { sts: `78${String(10 + serial)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, vehiclePlateNumber: `Е${String(100 + serial)}КХ`, vehiclePlateRegion: '98' };
  const added = await api.request('POST', '/105/api/sts', { session, form: car });
  if (added.status !== 200) throw new Error(`sts: ${JSON.stringify(added.body)}`);
  const list = await api.request('GET', '/105/api/sts', { session });
  const stsId = list.body.response.sts[0].id as number;
  // The driver has looked at the car's fines: the source's answer is stored, and only later rulings are new.
  await api.request('GET', `/105/api/fineList/by/sts/${stsId}`, { session });
  return { email, session, car, stsId };
}

/** Binds a sandbox test card the way a person does: the gateway page, then the card form. Answers where the gateway sent them back. */
export async function bindCard(api: TestApi, session: Session, card = '4111 1111 1111 1111'): Promise<string> {
  const started = await api.request('POST', '/105/api/autopay/card', { session });
  if (started.status !== 200) throw new Error(`bind: ${JSON.stringify(started.body)}`);
  const url = new URL(started.body.response.redirectUrl as string);
  const page = await api.app.request(url.pathname + url.search);
  if (page.status !== 200) throw new Error(`binding page ${page.status}`);
  const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), card, exp: '11/29', cvc: '123', action: 'bind' });
  const back = await api.app.request('/105/sandbox-gateway/moneta/bind', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  return back.headers.get('location') ?? '';
}

/** Turns autopay on for the driver's car. */
export async function turnOn(api: TestApi, d: Driver, limits: { maxFineRub: number; monthlyRub: number } = { maxFineRub: 5_000, monthlyRub: 20_000 }) {
  return api.request('PUT', '/105/api/autopay/rule', { session: d.session, json: { documentKind: 'sts', documentId: d.stsId, ...limits } });
}

/** Issues a new ruling on the driver's car (speeding, 12.9.2: discount 25 % for 30 days) and runs the re-check that finds it. */
export async function newFine(api: TestApi, d: Driver, amount = 1_000): Promise<string> {
  api.advance(60_000); // found after autopay was turned on
  const added = await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...d.car, amount: String(amount), article: '12.9.2' } });
  if (added.status !== 200) throw new Error(`fine: ${JSON.stringify(added.body)}`);
  await api.request('POST', '/105/api/sandbox/recheck');
  return added.body.response.uin as string;
}

/** The cancel token of an autopay mail. */
export function cancelToken(mail: ReceivedMail): string {
  const match = /\/autopay\/cancel\/\?token=([0-9A-Za-z._-]+)/.exec(mail.text);
  if (match?.[1] === undefined) throw new Error(`no cancel link in: ${mail.text}`);
  return match[1];
}

/** The driver's autopay state. */
export async function state(api: TestApi, d: Driver) {
  return (await api.request('GET', '/105/api/autopay', { session: d.session })).body.response as { card: { mask: string } | null; charges: { id: number; uin: string; status: string; amountKopecks: number; receiptHash: string | null; reason: string | null }[]; rules: { id: number }[] };
}

/** Binds a sandbox test card at whichever gateway the server chose (moneta's or A3's page); answers that gateway and where it sent the payer back. */
export async function bindCardAnywhere(api: TestApi, session: Session, card = '4111 1111 1111 1111'): Promise<{ gateway: 'moneta' | 'A3'; back: string }> {
  const started = await api.request('POST', '/105/api/autopay/card', { session });
  if (started.status !== 200) throw new Error(`bind: ${JSON.stringify(started.body)}`);
  const url = new URL(started.body.response.redirectUrl as string);
  if (!url.pathname.startsWith('/105/sandbox-gateway/a3/bind/')) return { gateway: 'moneta', back: await bindCard(api, session, card) };
  const page = await api.app.request(url.pathname);
  if (page.status !== 200) throw new Error(`A3 binding page ${page.status}`);
  const form = new URLSearchParams({ card, exp: '11/29', cvc: '123', action: 'bind' });
  const back = await api.app.request(url.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  return { gateway: 'A3', back: back.headers.get('location') ?? '' };
}
