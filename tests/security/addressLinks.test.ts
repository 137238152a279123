import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../src/api/client.ts';
import { $authData, $platform, emptyAuthData, setAuthRecord } from '../../src/stores/authData.ts';
import { $handoffProblem, $pendingSwitch, acceptPendingSwitch, adoptAddressCredentials, declinePendingSwitch } from '../../src/stores/auth/addressCredentials.ts';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Session, TestApi } from '../api/helpers/testApi.ts';

// Issue 23, item 7: a link with credentials (or a handoff code) never replaces the session present
// on the device silently; apps hand a session over by a one-time code exchanged by POST.

let api: TestApi;
beforeAll(async () => {
  useTestStorageEngine();
  api = await createTestApi();
  // The site's API client talks to the real API of this test.
  configureApiClient({ fetch: async (input, init) => api.app.request(new Request(new URL(String(input instanceof Request ? input.url : input), 'http://api.test'), init)), baseURL: 'http://api.test' });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  $platform.set('web');
  $pendingSwitch.set(undefined);
  $handoffProblem.set(undefined);
  cleanTestStorage();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A page at `href`, and the addresses replaceState moved it to. */
function page(href: string) {
  const moves: string[] = [];
  const location = { href } as Location;
  const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => moves.push(url) } as unknown as History;
  return { location, history, moves };
}

const recordOf = (s: Session) => ({ clientId: '', salt: s.salt, rand: s.rand, userId: String(s.userId), session: s.session });
const rawLink = (s: Session) => `https://x.ru/webview/taxes/?session=${s.session}&rand=${s.rand}&userId=${s.userId}&platform=web`;
const whoIs = async (record: { session: string; rand: string; userId: string }) =>
  (await api.request('GET', '/105/api/user', { session: { session: record.session, rand: record.rand, userId: Number(record.userId), salt: '' } })).status;

describe("a webview link with someone else's credentials", () => {
  it.each(['/webview/taxes/', '/payment/chromeExtension/', '/tbank-test/', '/organizations-form-mobile/'])('does not replace the present session on %s', async (path) => {
    const victim = await api.register();
    const attacker = await api.register();
    setAuthRecord(recordOf(victim), 'web');
    const { location, history, moves } = page(rawLink(attacker).replace('/webview/taxes/', path));
    await adoptAddressCredentials(location, history);
    expect($authData.get().web.userId).toBe(String(victim.userId));
    expect($authData.get().web.session).toBe(victim.session);
    expect($pendingSwitch.get()?.record.userId).toBe(String(attacker.userId));
    expect(moves).toEqual([path]);
  });

  it("takes the link's account only when the person chooses it", async () => {
    const mine = await api.register();
    const other = await api.register();
    setAuthRecord(recordOf(mine), 'web');
    const { location, history } = page(rawLink(other));
    await adoptAddressCredentials(location, history);
    expect(acceptPendingSwitch()).toBe(true);
    expect($authData.get().web.userId).toBe(String(other.userId));
  });

  it('is taken as it is when nothing is present, or when it is the same user', async () => {
    const user = await api.register();
    const fresh = page(rawLink(user));
    await adoptAddressCredentials(fresh.location, fresh.history);
    expect($authData.get().web.session).toBe(user.session);
    const renewed = { ...user, session: 'e'.repeat(64) };
    const same = page(rawLink(renewed));
    await adoptAddressCredentials(same.location, same.history);
    expect($authData.get().web.session).toBe(renewed.session);
    expect($pendingSwitch.get()).toBeUndefined();
  });
});

describe('the one-time handoff', () => {
  const issue = async (s: Session, platform = 'web') => api.request('POST', '/105/api/handoff', { session: s, form: { platform } });

  it('needs a session to issue, and its code carries no credentials', async () => {
    expect((await api.request('POST', '/105/api/handoff', { form: {} })).status).toBe(401);
    const user = await api.register();
    const reply = await issue(user);
    expect(reply.status).toBe(200);
    const code = reply.body.response.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).not.toContain(user.session);
    expect(new Date(reply.body.response.expiresAt).getTime() - api.now().getTime()).toBe(120_000);
  });

  it('gives the page a session of its own, once', async () => {
    const user = await api.register();
    const code = (await issue(user)).body.response.code as string;
    const { location, history, moves } = page(`https://x.ru/webview/taxes/?handoff=${code}&utm_source=app`);
    await adoptAddressCredentials(location, history);
    expect(moves).toEqual(['/webview/taxes/?utm_source=app']);
    const stored = $authData.get().web;
    expect(stored.userId).toBe(String(user.userId));
    expect(stored.session).not.toBe(user.session);
    expect(await whoIs(stored)).toBe(200);
    // A second use, by anyone, opens nothing.
    const reuse = await api.request('POST', '/105/api/handoff/exchange', { form: { code } });
    expect(reuse.status).toBe(410);
    expect(reuse.body.error?.errorDesc).toMatch(/устарела|уже открыта/);
  });

  it('stops working after two minutes, and the page says so', async () => {
    const user = await api.register();
    const code = (await issue(user)).body.response.code as string;
    api.advance(121_000);
    const { location, history } = page(`https://x.ru/webview/taxes/?handoff=${code}`);
    await adoptAddressCredentials(location, history);
    expect($authData.get()).toEqual(emptyAuthData());
    expect($handoffProblem.get()).toMatch(/устарела/);
  });

  it("of another account than the present one asks first, and staying ends the link's session", async () => {
    const mine = await api.register();
    const other = await api.register();
    setAuthRecord(recordOf(mine), 'web');
    const code = (await issue(other)).body.response.code as string;
    const { location, history } = page(`https://x.ru/webview/taxes/?handoff=${code}`);
    await adoptAddressCredentials(location, history);
    expect($authData.get().web.session).toBe(mine.session);
    const pending = $pendingSwitch.get();
    expect(pending?.fromHandoff).toBe(true);
    await declinePendingSwitch();
    expect(await whoIs(pending?.record ?? recordOf(other))).toBe(401);
    expect(await whoIs(recordOf(mine))).toBe(200);
  });
});
