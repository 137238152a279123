import { afterEach, describe, expect, it } from 'vitest';
import { type } from 'superstruct';
import { apiCall, configureApiClient } from '../../../src/api/client.ts';
import { EARLY_REPLY_MS, takeEarlyReply } from '../../../src/api/earlyReplies.ts';
import { okEnvelope } from '../../../src/api/structs/envelope.ts';
import type { ApiClientConfig } from '../../../src/api/client.ts';
import { EARLY_PAGES, EARLY_REPLIES_GLOBAL, earlyRequestsScript } from '../../../src/api/earlyRequestsScript.ts';
import type { EarlyPage } from '../../../src/api/earlyRequestsScript.ts';
import { fetchFine, fetchFineList, fetchSharedFine } from '../../../src/api/fines.ts';
import { fetchAccount } from '../../../src/api/account.ts';
import { fetchInns, fetchLicences } from '../../../src/api/documentLists.ts';
import { fetchStsList } from '../../../src/api/documents.ts';
import { fetchOrdinanceSummary, fetchOrdinances } from '../../../src/api/ordinances.ts';
import { fetchSignInWays } from '../../../src/api/signInWays.ts';
import { DEFAULT_SHOW_BY } from '../../../src/lib/ordinances.ts';

// Issue 27: the inline script starts a page's API requests before its island loads, and the API client
// takes each reply for the island's first identical request. These tests run the script's own text
// against a fake window, and check that what it asks is exactly what the stores' calls ask.

const auth = { session: 'a'.repeat(64), rand: 'b'.repeat(32), userId: '7' };
const stored = JSON.stringify({ web: { clientId: 'c', salt: '', ...auth }, chromeExtension: {} });

type Asked = { url: string; headers: Record<string, string> };
type FakeWindow = { location: { pathname: string; search: string }; localStorage: { getItem: (key: string) => string | null }; fetch: (url: string, init: { headers: Record<string, string> }) => Promise<Response> } & Record<string, unknown>;

/** The page whose script an address gets (src/pages: the fine's two shells, the list, sign-in, the profile). */
const pageAt = (path: string): EarlyPage => (/^\/fines\/.+/.test(path) ? 'fine' : path === '/fines/' ? 'fines' : path === '/auth/' ? 'auth' : 'profile');

/** Runs the script of `page` (by default the one the address's page carries) at `address` with the given local storage; answers every request with `reply`. */
function runScript(address: string, storage: Record<string, string>, apiBase = '', reply: () => Promise<Response> = async () => Response.json({ status: 'ok', response: { n: 1 } }), page?: EarlyPage) {
  const url = new URL(address, 'https://site.test');
  const asked: Asked[] = [];
  const win: FakeWindow = {
    location: { pathname: url.pathname, search: url.search },
    localStorage: { getItem: (key) => storage[key] ?? null },
    fetch: (target, init) => {
      asked.push({ url: target, headers: init.headers });
      return reply();
    },
  };
  new Function('window', earlyRequestsScript(apiBase, page ?? pageAt(url.pathname)))(win);
  return { asked, replies: win[EARLY_REPLIES_GLOBAL] as Record<string, { session: string; reply: Promise<unknown> }> };
}

/** The path and query the store-side call asks (through the real API client, with a recording fetch). */
async function askedBy(call: () => Promise<unknown>): Promise<string> {
  let seen = '';
  const previous = configureApiClient({
    baseURL: 'http://api.test',
    fetch: async (input) => {
      const url = new URL(String(input));
      seen = `${url.pathname}${url.search}`;
      return Response.json({ status: 'error', error: { errorCode: 1, errorDesc: 'нет' } }, { status: 404 });
    },
  });
  try {
    await call().catch(() => undefined);
  } finally {
    configureApiClient(previous);
  }
  return seen;
}

describe('the early requests script', () => {
  it('asks a shared fine anonymously, by its hash', () => {
    const { asked } = runScript('/fines/info/AbCdEfGhIjKlMnOpQrStUv/', { authData: stored });
    expect(asked).toEqual([{ url: '/105/api/fine/info/AbCdEfGhIjKlMnOpQrStUv', headers: { Accept: 'application/json' } }]);
  });

  it('asks the visitor’s fine with the stored credentials, on the API host when it is another', () => {
    const { asked } = runScript('/fines/42/', { authData: stored }, 'https://api.test');
    expect(asked).toEqual([{ url: 'https://api.test/105/api/fine?fine=42', headers: { Accept: 'application/json', 'X-Session': auth.session, 'X-Rand': auth.rand, 'X-User-Id': auth.userId } }]);
  });

  it('asks nothing signed without stored credentials, and nothing for an address the island rejects', () => {
    expect(runScript('/fines/42/', {}).asked).toEqual([]);
    expect(runScript('/fines/42/', { authData: 'not json' }).asked).toEqual([]);
    expect(runScript('/profile/', { authData: JSON.stringify({ web: { session: auth.session } }) }).asked).toEqual([]);
    expect(runScript('/fines/0/', { authData: stored }).asked).toEqual([]);
    expect(runScript('/fines/?sts=abc', { authData: stored }).asked).toEqual([]);
    expect(runScript('/good_to_know/', { authData: stored }).asked).toEqual([]);
  });

  it('each page’s script asks nothing on another page’s address', () => {
    const addresses = ['/fines/info/AbCdEfGhIjKlMnOpQrStUv/', '/fines/42/', '/fines/?sts=12', '/auth/', '/profile/', '/'];
    for (const page of EARLY_PAGES) {
      for (const address of addresses) {
        if (pageAt(new URL(address, 'https://site.test').pathname) === page) continue;
        expect(runScript(address, { authData: stored }, '', undefined, page).asked, `${page} on ${address}`).toEqual([]);
      }
    }
  });

  it('asks the sign-in ways on /auth/, anonymously', () => {
    expect(runScript('/auth/', { authData: stored }).asked).toEqual([{ url: '/105/api/auth/ways', headers: { Accept: 'application/json' } }]);
  });

  it('asks the list after a search by СТС or by licence', () => {
    expect(runScript('/fines/?sts=12', { authData: stored }).asked.map((a) => a.url)).toEqual(['/105/api/fineList/by/sts/12']);
    expect(runScript('/fines/?dl=3', { authData: stored }).asked.map((a) => a.url)).toEqual(['/105/api/fineList/by/dl/3']);
  });

  it('asks the profile’s account, its stale documents and the first page of its fines; fresh documents are not asked again', () => {
    const all = runScript('/profile/', { authData: stored }).asked.map((a) => a.url);
    expect(all).toEqual(['/105/api/user', '/105/api/sts', '/105/api/driverLicense', '/105/api/inn', '/api/ordinances/get/all?page=1&showBy=50&order=DEFAULT&isDataWithAsterisks=true&instance=web', '/api/ordinances/get/summary']);
    const fresh = runScript('/profile/', { authData: stored, documents: JSON.stringify({ documentsExpiration: Date.now() + 60_000 }) }).asked.map((a) => a.url);
    expect(fresh).not.toContain('/105/api/sts');
  });

  it('asks exactly what the stores’ calls ask, so each reply is taken', async () => {
    const keys = [
      ...Object.keys(runScript('/fines/info/AbCdEfGhIjKlMnOpQrStUv/', {}).replies),
      ...Object.keys(runScript('/fines/42/', { authData: stored }).replies),
      ...Object.keys(runScript('/fines/?sts=12', { authData: stored }).replies),
      ...Object.keys(runScript('/fines/?dl=3', { authData: stored }).replies),
      ...Object.keys(runScript('/profile/', { authData: stored }).replies),
      ...Object.keys(runScript('/auth/', {}).replies),
    ];
    const stores = [
      await askedBy(() => fetchSharedFine('AbCdEfGhIjKlMnOpQrStUv')),
      await askedBy(() => fetchFine(auth, 42)),
      await askedBy(() => fetchFineList(auth, { by: 'sts', id: 12 })),
      await askedBy(() => fetchFineList(auth, { by: 'dl', id: 3 })),
      await askedBy(() => fetchAccount(auth)),
      await askedBy(() => fetchOrdinances(auth, 'all', { page: 1, showBy: DEFAULT_SHOW_BY, order: 'DEFAULT', search: '' })),
      await askedBy(() => fetchOrdinanceSummary(auth)),
      await askedBy(() => fetchStsList(auth)),
      await askedBy(() => fetchLicences(auth)),
      await askedBy(() => fetchInns(auth)),
      await askedBy(() => fetchSignInWays()),
    ];
    for (const asked of stores) expect(keys).toContain(asked);
  });
});

describe('the API client takes an early reply once, for the same session', () => {
  let previous: ApiClientConfig | undefined;
  afterEach(() => {
    if (previous !== undefined) configureApiClient(previous);
    previous = undefined;
    delete (globalThis as Record<string, unknown>)['window'];
  });

  /** Runs the script on `address` as the page would, then counts what the client itself fetches. */
  function page(address: string, reply?: () => Promise<Response>) {
    const run = runScript(address, { authData: stored }, '', reply);
    (globalThis as Record<string, unknown>)['window'] = { [EARLY_REPLIES_GLOBAL]: run.replies };
    const fetched: string[] = [];
    previous = configureApiClient({
      baseURL: '',
      fetch: async (input) => {
        fetched.push(String(input));
        return Response.json({ status: 'ok', response: { fine: { late: true } } });
      },
    });
    return { fetched };
  }

  it('the first identical request reads the early reply; the next one asks the API', async () => {
    const { fetched } = page('/fines/42/', async () => Response.json({ status: 'error', error: { errorCode: 404, errorDesc: 'Штраф не найден' } }, { status: 404 }));
    await expect(fetchFine(auth, 42)).rejects.toMatchObject({ status: 404, message: 'Штраф не найден' });
    expect(fetched).toEqual([]);
    await fetchFine(auth, 42).catch(() => undefined);
    expect(fetched).toEqual(['/105/api/fine?fine=42']);
  });

  it('another session’s early reply is never used', async () => {
    const { fetched } = page('/fines/42/');
    await fetchFine({ ...auth, session: 'c'.repeat(64) }, 42).catch(() => undefined);
    expect(fetched).toEqual(['/105/api/fine?fine=42']);
  });

  it('a change the page sends makes every early reply old: the next read asks the API', async () => {
    const { fetched } = page('/profile/');
    await apiCall('/105/api/sts', okEnvelope(type({})), { method: 'POST', auth, body: { sts: '9941123456' } }).catch(() => undefined);
    await fetchAccount(auth).catch(() => undefined);
    expect(fetched).toEqual(['/105/api/sts', '/105/api/user']);
  });

  it('an early reply older than EARLY_REPLY_MS is not used', async () => {
    const { fetched } = page('/fines/42/');
    expect(takeEarlyReply('/105/api/fine', { fine: '42' }, auth.session, Date.now() + EARLY_REPLY_MS + 1)).toBeUndefined();
    await fetchFine(auth, 42).catch(() => undefined);
    expect(fetched).toEqual(['/105/api/fine?fine=42']);
  });

  it('an early request that failed is asked again', async () => {
    const { fetched } = page('/fines/42/', () => Promise.reject(new TypeError('offline')));
    await fetchFine(auth, 42).catch(() => undefined);
    expect(fetched).toEqual(['/105/api/fine?fine=42']);
  });
});
