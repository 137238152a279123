import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $documents, $documentsLoad, EMPTY_DOCUMENTS } from '../../../../src/stores/profile/documents.ts';
import type { DocumentLists } from '../../../../src/stores/profile/documents.ts';
import { payableFines, shownCategories } from '../../../../src/stores/profile/ordinances.ts';
import type { OrdinanceCategory } from '../../../../src/lib/ordinances.ts';
import { $finesSectionView, $profileSection, neighbourSection, openProfile, openSection, sectionFromHash } from '../../../../src/stores/profile/profilePage.ts';
import type { FinesSectionView, ProfileSection } from '../../../../src/stores/profile/profilePage.ts';
import type { OrdinanceItem } from '../../../../src/api/structs/ordinance.ts';
import { fakeApi, ok } from '../fakeApi.ts';
import { accountReply, innFixture, licenceFixture, ordinanceFixture, ordinancePage, ordinanceSummary, resetAccountStores, signedIn, stsFixture } from './fixtures.ts';

// Issue 24, item 9: a new profile starts with one clear action; the profile is split into «Штрафы»,
// «Документы», «Уведомления и настройки»; several fines are ticked and paid at once.

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => {
  resetAccountStores();
  $profileSection.set('fines');
});

describe('the sections of the profile', () => {
  it.each<[string, ProfileSection]>([
    ['', 'fines'],
    ['#fines', 'fines'],
    ['#documents', 'documents'],
    ['#settings', 'settings'],
    ['documents', 'documents'],
    ['#nothing', 'fines'],
  ])('the address hash %j opens %s', (hash, section) => expect(sectionFromHash(hash)).toBe(section));

  it.each<[ProfileSection, 1 | -1, ProfileSection]>([
    ['fines', 1, 'documents'],
    ['documents', 1, 'settings'],
    ['settings', 1, 'fines'],
    ['fines', -1, 'settings'],
    ['documents', -1, 'fines'],
  ])('from %s, an arrow key %i goes to %s', (from, step, to) => {
    openSection(from);
    expect(neighbourSection(step)).toBe(to);
  });
});

const lists = (patch: Partial<DocumentLists>): DocumentLists => ({ ...EMPTY_DOCUMENTS, documentsExpiration: Date.now() + 60_000, ...patch });

describe('what «Штрафы» shows', () => {
  it.each<[string, DocumentLists, string, FinesSectionView]>([
    ['documents not fetched yet', { ...EMPTY_DOCUMENTS }, '', 'loading'],
    ['a new profile: no document at all', lists({}), '', 'start'],
    ['the documents could not be fetched', { ...EMPTY_DOCUMENTS }, 'Нет связи с сервером', 'start'],
    ['a car', lists({ transport: [stsFixture(1)] }), '', 'list'],
    ['a licence', lists({ driverLicense: [licenceFixture(2)] }), '', 'list'],
    ['only an ИНН (taxes and debts to list)', lists({ inn: [innFixture(3)] }), '', 'list'],
  ])('%s → %s', (_name, documents, error, view) => {
    $documents.set(documents);
    $documentsLoad.set({ busy: false, error });
    expect($finesSectionView.get()).toBe(view);
  });

  it('a new account opens on the first step, and asks for no list of zeros', async () => {
    signedIn({});
    const api = fakeApi({
      'GET /105/api/user': () => ok(accountReply()),
      'GET /105/api/sts': () => ok({ sts: [] }),
      'GET /105/api/driverLicense': () => ok({ driverLicense: [] }),
      'GET /105/api/inn': () => ok({ items: [] }),
      'GET /api/ordinances/get/all': () => ok(ordinancePage([])),
      'GET /api/ordinances/get/summary': () => ok(ordinanceSummary()),
    });
    const off = $finesSectionView.listen(() => {});
    await openProfile();
    expect($finesSectionView.get()).toBe('start');
    expect(api.calls.some((call) => call.path.startsWith('/api/ordinances/'))).toBe(false);
    off();
  });
});

describe('fines of the profile list that can be paid together', () => {
  it('are its traffic fines, by their fine ids; taxes and debts are paid one by one', () => {
    const items = [
      ordinanceFixture({ id: 'fine-7', ref: 7, amountToPay: 250, amountToPayKopecks: 25_000 }),
      ordinanceFixture({ id: 'fine-8', ref: 8, paid: true, amountToPay: 0, amountToPayKopecks: 0 }),
      ordinanceFixture({ id: 'tax-3', kind: 'tax', ref: 3, identifierType: 'inn', article: null }),
      ordinanceFixture({ id: 'fssp-4', kind: 'fssp', ref: 4, identifierType: 'inn', article: null }),
    ] as OrdinanceItem[];
    expect(payableFines(items)).toEqual([
      { id: 7, amountToPay: 250, amountToPayKopecks: 25_000, paid: false },
      { id: 8, amountToPay: 0, amountToPayKopecks: 0, paid: true },
    ]);
  });
});

describe('category tabs: no filters full of zeros', () => {
  const counts = (patch: Partial<Record<OrdinanceCategory, number>>) => ({ all: 0, not_paid: 0, fines: 0, inn_ordinances: 0, ipfssp: 0, paid_ordinances: 0, ...patch });
  it.each<[string, ReturnType<typeof counts> | undefined, OrdinanceCategory, OrdinanceCategory[]]>([
    ['before the counts arrive', undefined, 'all', ['all']],
    ['nothing at all', counts({}), 'all', ['all']],
    ['three unpaid fines', counts({ all: 3, not_paid: 3, fines: 3 }), 'all', ['all', 'not_paid', 'fines']],
    ['a car and an ИНН with a tax and a debt', counts({ all: 5, not_paid: 4, fines: 3, inn_ordinances: 2, ipfssp: 1, paid_ordinances: 1 }), 'all', ['all', 'not_paid', 'fines', 'inn_ordinances', 'ipfssp', 'paid_ordinances']],
    ['the open tab stays though it emptied', counts({ all: 2, not_paid: 2, fines: 2 }), 'paid_ordinances', ['all', 'not_paid', 'fines', 'paid_ordinances']],
  ])('%s', (_name, c, selected, shown) => expect(shownCategories(c, selected)).toEqual(shown));
});
