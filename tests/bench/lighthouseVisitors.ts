/**
 * The visitors `npm run bench:lighthouse` measures pages as: an anonymous driver who searched by СТС
 * (the fine list after a search, and a fine of it), and an account signed in by phone with that СТС in
 * its profile. Each is made through the API the way the site makes them; the SMS code is read from the
 * local mailbox page (/dev/mail/), as a person trying the project would.
 */

/** Stored auth data of one platform, as the site keeps it in local storage (spec §3). */
export type StoredAuth = { clientId: string; salt: string; rand: string; userId: string; session: string };

/** What the site answers in its envelope. */
type Reply = { status: string; response: any; error?: { errorDesc: string } };

/** The pinned sandbox СТС with fines (README "Try it"). */
const STS = { sts: '9941123456', plateNumber: 'А123ВС', plateRegion: '77' };

/** Calls the API of the server at `base`; throws on an error envelope. */
async function call(base: string, path: string, init: { method?: string; form?: Record<string, string>; auth?: StoredAuth } = {}): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (init.auth !== undefined) Object.assign(headers, { 'X-Session': init.auth.session, 'X-Rand': init.auth.rand, 'X-User-Id': init.auth.userId });
  const reply = await fetch(`${base}${path}`, { method: init.method ?? (init.form === undefined ? 'GET' : 'POST'), headers, ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() }) });
  const body = (await reply.json()) as Reply;
  if (body.status !== 'ok') throw new Error(`${path}: ${reply.status} ${body.error?.errorDesc ?? ''}`);
  return body.response;
}

/** Stored auth data from a reply with session params. */
function stored(clientId: string, reply: { userId: number | string; session: string; rand: string; salt?: string }): StoredAuth {
  return { clientId, salt: reply.salt ?? '', rand: reply.rand, userId: String(reply.userId), session: reply.session };
}

/** A driver who searched by the pinned СТС: their credentials, the СТС's id and its first fine. */
export async function searchedDriver(base: string): Promise<{ auth: StoredAuth; stsId: number; fine: { id: number; hash: string } }> {
  const { clientId } = await call(base, '/105/api/client');
  const user = await call(base, '/105/api/newuser', { form: { clientId, channel: 'fine', sts: STS.sts, plate: `${STS.plateNumber}${STS.plateRegion}` } });
  const auth = stored(clientId, user);
  const [sts] = (await call(base, '/105/api/sts', { auth })).sts;
  const { fines } = await call(base, `/105/api/fineList/by/sts/${sts.id}`, { auth });
  return { auth, stsId: sts.id, fine: { id: fines[0].id, hash: fines[0].shareHash } };
}

/** The newest code the SMS sandbox sent to `phone` ('+7 916 123-45-67' as the mailbox names it). */
async function sandboxCode(base: string, shown: string): Promise<string> {
  const list = await (await fetch(`${base}/dev/mail/`)).text();
  const escaped = shown.replace(/[+]/g, '\\+');
  const id = new RegExp(`href="/dev/mail/(\\d+)/"[^>]*>[^<]*SMS для ${escaped}`).exec(list)?.[1];
  if (id === undefined) throw new Error(`no SMS for ${shown} on /dev/mail/`);
  const page = await (await fetch(`${base}/dev/mail/${id}/`)).text();
  const code = /\b(\d{6})\b/.exec(page.slice(page.indexOf('<pre')))?.[1];
  if (code === undefined) throw new Error(`no code in SMS #${id}`);
  return code;
}

/** An account signed in by phone with the pinned СТС in its profile, its fines already found once. */
export async function signedInAccount(base: string): Promise<StoredAuth> {
  const { clientId } = await call(base, '/105/api/client');
  const device = stored(clientId, await call(base, '/105/api/newuser', { form: { clientId, channel: 'fine' } }));
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const shown = `+7 ${mobile.slice(0, 3)} ${mobile.slice(3, 6)}-${mobile.slice(6, 8)}-${mobile.slice(8, 10)}`;
  await call(base, '/105/api/phone/code', { form: { phone: `+7${mobile}`, purpose: 'login' }, auth: device });
  const code = await sandboxCode(base, shown);
  const session = await call(base, '/105/api/phone/login', { form: { phone: `+7${mobile}`, code, platform: 'web', isLegalEntity: '0', consentVersion: '2026-03-01' } });
  const auth = stored(clientId, session);
  const { item } = await call(base, '/105/api/sts', { form: { sts: STS.sts, vehiclePlateNumber: STS.plateNumber, vehiclePlateRegion: STS.plateRegion }, auth });
  await call(base, `/105/api/fineList/by/sts/${item.id}`, { auth });
  return auth;
}
