import type { Reply, Session, TestApi } from '../helpers/testApi.ts';

/** A path on the test app from an absolute address of it. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** Starts a flow: the consent address and the state. */
export async function start(api: TestApi, provider: 'yandex' | 'vk', device: Session, purpose: 'login' | 'link' | 'erase' = 'login') {
  const reply = await api.request('POST', `/105/api/oauth/${provider}/start`, { session: device, form: { purpose } });
  if (reply.status !== 200) throw new Error(`start failed: ${JSON.stringify(reply.body)}`);
  return reply.body.response as { authorizeUrl: string; state: string };
}

/** Plays the person on the sandbox's consent page: GET it, then allow (as `login`) or deny; the return address's query. */
export async function consent(api: TestApi, authorizeUrl: string, login: string, decision: 'allow' | 'deny' = 'allow'): Promise<URLSearchParams> {
  const page = await api.app.request(pathOf(authorizeUrl));
  if (page.status !== 200 || !(await page.text()).includes('Разрешить')) throw new Error(`consent page ${page.status}`);
  const fields = Object.fromEntries(new URL(authorizeUrl).searchParams);
  const answer = await api.app.request(pathOf(authorizeUrl).split('?')[0] ?? '', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, login, decision }).toString() });
  if (answer.status !== 302) throw new Error(`consent answered ${answer.status}`);
  const back = new URL(answer.headers.get('location') ?? '');
  if (back.pathname !== '/auth/oauth/') throw new Error(`returned to ${back.pathname}`);
  return back.searchParams;
}

/** Finishes a flow with what the provider returned. */
export function finish(api: TestApi, provider: 'yandex' | 'vk', device: Session, back: URLSearchParams, state = back.get('state') ?? ''): Promise<Reply> {
  const form: Record<string, string> = { state };
  for (const [from, to] of [['code', 'code'], ['device_id', 'deviceId'], ['error', 'error']] as const) {
    const value = back.get(from);
    if (value !== null) form[to] = value;
  }
  return api.request('POST', `/105/api/oauth/${provider}/finish`, { session: device, form });
}

/** A whole sign-in from a fresh device as `login`: the account's session. */
export async function signInWith(api: TestApi, provider: 'yandex' | 'vk', login: string, device?: Session): Promise<Session> {
  const from = device ?? (await api.register());
  const { authorizeUrl } = await start(api, provider, from);
  const reply = await finish(api, provider, from, await consent(api, authorizeUrl, login));
  if (reply.status !== 200) throw new Error(`finish failed: ${JSON.stringify(reply.body)}`);
  return reply.body.response.session as Session;
}
