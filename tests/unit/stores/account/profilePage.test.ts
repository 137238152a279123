import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { $account, EMPTY_ACCOUNT } from '../../../../src/stores/auth/account.ts';
import { $notices } from '../../../../src/stores/notices.ts';
import { $documents } from '../../../../src/stores/profile/documents.ts';
import { $ordinances } from '../../../../src/stores/profile/ordinances.ts';
import { $preloaded } from '../../../../src/stores/profile/preload.ts';
import { $profileName, $profileView, openProfile } from '../../../../src/stores/profile/profilePage.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import type { Handler } from '../fakeApi.ts';
import { accountReply, innFixture, licenceFixture, ordinanceFixture, ordinancePage, ordinanceSummary, resetAccountStores, signedIn, stsFixture } from './fixtures.ts';

const TO_AUTH = '/auth/?back=%2Fprofile%2F';

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

/** Every route /profile/ may call, for an account whose documents are those given. */
function cabinetRoutes(documents: { inn?: unknown[] } = {}, overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /105/api/user': () => ok(accountReply()),
    'GET /105/api/sts': () => ok({ sts: [stsFixture(1)] }),
    'GET /105/api/driverLicense': () => ok({ driverLicense: [licenceFixture(2)] }),
    'GET /105/api/inn': () => ok({ items: documents.inn ?? [] }),
    'GET /105/api/preload': () => ok({ taxeslist: true }),
    'GET /api/ordinances/get/all': () => ok(ordinancePage([ordinanceFixture({ id: 'tax-1', kind: 'tax', identifierType: 'inn' })])),
    'GET /api/ordinances/get/summary': () => ok(ordinanceSummary()),
    ...overrides,
  };
}

const paths = (calls: { method: string; path: string }[]) => calls.map((c) => `${c.method} ${c.path}`);

describe('openProfile: who may see /profile/ (spec §4 Session)', () => {
  it('sends a visitor without a session to /auth/ and back, asking nothing', async () => {
    const api = fakeApi(cabinetRoutes());
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'leaving', to: TO_AUTH });
    expect(api.calls).toHaveLength(0);
  });

  it('sends an anonymous user (not an account) to /auth/ and back', async () => {
    signedIn();
    const api = fakeApi(cabinetRoutes({}, { 'GET /105/api/user': () => ok(accountReply({ isWebUser: false, email: null })) }));
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'leaving', to: TO_AUTH });
    expect(paths(api.calls)).toEqual(['GET /105/api/user']);
  });

  it('sends an account whose session ended to /auth/ with the expired note', async () => {
    signedIn({});
    const api = fakeApi(cabinetRoutes({}, { 'GET /105/api/user': () => fail(401, 'Сессия истекла, войдите снова') }));
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'leaving', to: `${TO_AUTH}&expired=1` });
    expect(paths(api.calls)).toEqual(['GET /105/api/user']);
  });

  it('an account whose session had already ended leaves with the note too', async () => {
    $account.set({ ...EMPTY_ACCOUNT, isWebUser: true, sessionExpired: true });
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'leaving', to: `${TO_AUTH}&expired=1` });
  });

  it('opens the cabinet of a signed-in account and loads its documents', async () => {
    signedIn({});
    const api = fakeApi(cabinetRoutes());
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'cabinet' });
    expect(paths(api.calls).sort()).toEqual(['GET /105/api/driverLicense', 'GET /105/api/inn', 'GET /105/api/sts', 'GET /105/api/user']);
    expect($documents.get().transport).toEqual([stsFixture(1)]);
    expect($profileName.get()).toBe('Иванов Иван Иванович');
  });

  it('keeps documents whose cache is fresh', async () => {
    signedIn({});
    $documents.set({ transport: [stsFixture(9)], driverLicense: [], inn: [], documentsExpiration: Date.now() + 60_000 });
    const api = fakeApi(cabinetRoutes());
    await openProfile();
    expect(paths(api.calls)).toEqual(['GET /105/api/user']);
    expect($documents.get().transport).toEqual([stsFixture(9)]);
  });

  it('when the account cannot be checked (no connection), says so and shows what it knew', async () => {
    signedIn({});
    fakeApi(
      cabinetRoutes(
        {},
        {
          'GET /105/api/user': () => {
            throw new TypeError('offline');
          },
        },
      ),
    );
    await openProfile();
    expect($notices.get().map((n) => [n.kind, n.message])).toContainEqual(['error', USER_MESSAGES.network]);
    expect($profileView.get()).toEqual({ kind: 'cabinet' });
  });
});

describe('openProfile: the tax list preload (spec §4 Preload)', () => {
  it('prepares the tax list once for an account with an ИНН, then loads the ordinances', async () => {
    signedIn({});
    const api = fakeApi(cabinetRoutes({ inn: [innFixture(3)] }));
    await openProfile();
    expect(paths(api.calls).slice(4)).toEqual(['GET /105/api/preload', 'GET /api/ordinances/get/all', 'GET /api/ordinances/get/summary']);
    expect($preloaded.get()).toEqual(['41']);
    expect($ordinances.get().items.map((i) => i.id)).toEqual(['tax-1']);
    await openProfile();
    expect(paths(api.calls).filter((p) => p.endsWith('/preload'))).toHaveLength(1);
  });

  it('does not preload for an account without an ИНН', async () => {
    signedIn({});
    const api = fakeApi(cabinetRoutes({ inn: [] }));
    await openProfile();
    expect(paths(api.calls)).not.toContain('GET /105/api/preload');
    expect($preloaded.get()).toEqual([]);
  });

  it('does not preload again for a user already in the stored list', async () => {
    signedIn({});
    $preloaded.set(['41']);
    const api = fakeApi(cabinetRoutes({ inn: [innFixture(3)] }));
    await openProfile();
    expect(paths(api.calls)).not.toContain('GET /105/api/preload');
  });

  it('a preload without a reply is reported as «Ошибка запроса» (spec §8)', async () => {
    signedIn({});
    const offline = () => {
      throw new TypeError('offline');
    };
    fakeApi(cabinetRoutes({ inn: [innFixture(3)] }, { 'GET /105/api/preload': offline }));
    await openProfile();
    expect($notices.get().map((n) => [n.kind, n.message])).toEqual([['error', 'Ошибка запроса']]);
  });

  it("a failed preload is reported (the server's text) and the cabinet stays", async () => {
    signedIn({});
    const api = fakeApi(cabinetRoutes({ inn: [innFixture(3)] }, { 'GET /105/api/preload': () => fail(503, 'ФНС не отвечает') }));
    await openProfile();
    expect($profileView.get()).toEqual({ kind: 'cabinet' });
    expect($notices.get().map((n) => [n.kind, n.message])).toEqual([['error', 'ФНС не отвечает']]);
    expect($preloaded.get()).toEqual([]);
    expect(paths(api.calls)).not.toContain('GET /api/ordinances/get/all');
  });
});

describe('$profileName (spec §3: the first document with a full name, vehicles first)', () => {
  it('is empty without named documents and takes a vehicle owner before a licence', () => {
    expect($profileName.get()).toBe('');
    $documents.set({ transport: [stsFixture(1)], driverLicense: [licenceFixture(2)], inn: [], documentsExpiration: 0 });
    expect($profileName.get()).toBe('Иванов Иван Иванович');
    $documents.set({
      ...$documents.get(),
      transport: [{ ...stsFixture(1), ownerName: 'петров пётр петрович' } as ReturnType<typeof stsFixture>],
    });
    expect($profileName.get()).toBe('Петров Пётр Петрович');
  });
});
