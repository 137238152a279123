/** Shared fixtures of the account store tests: replies in the API's shapes, a signed-in visitor, and a reset of every store. */
import { cleanTestStorage } from '@nanostores/persistent';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $account, EMPTY_ACCOUNT } from '../../../../src/stores/auth/account.ts';
import type { AccountState } from '../../../../src/stores/auth/account.ts';
import { $signIn } from '../../../../src/stores/auth/signIn.ts';
import { $passwordReset } from '../../../../src/stores/auth/passwordReset.ts';
import { $notices } from '../../../../src/stores/notices.ts';
import { $documents, $documentsLoad, EMPTY_DOCUMENTS } from '../../../../src/stores/profile/documents.ts';
import { clearOrdinances } from '../../../../src/stores/profile/ordinances.ts';
import { $settings } from '../../../../src/stores/profile/settings.ts';
import { $preloaded } from '../../../../src/stores/profile/preload.ts';
import { $profileView } from '../../../../src/stores/profile/profilePage.ts';
import { USER } from '../fakeApi.ts';

/** The stored record of a signed-in device (USER's session). */
export const SESSION_RECORD = { clientId: 'client-1', salt: USER.salt, rand: USER.rand, userId: String(USER.userId), session: USER.session };

/** A second session, as POST /login answers it. */
export const NEW_SESSION = { userId: 41, session: 'd'.repeat(64), rand: 'e'.repeat(32), salt: 'f'.repeat(32) };

/** A 43-character mail token. */
export const TOKEN = 'T'.repeat(40) + '_-0';

/** GET /105/api/user reply of an account, with overrides. */
export function accountReply(patch: Record<string, unknown> = {}) {
  return {
    userId: 41,
    email: 'ivan@mail.ru',
    userType: -1,
    isWebUser: true,
    name: 'Иван',
    doNotify: 1,
    hasPassword: true,
    channel: 'fine',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...patch,
  };
}

/** An СТС in the API's shape. */
export function stsFixture(id: number, sts = `7700${String(id).padStart(6, '0')}`) {
  return { id, sts, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: null, vehiclePlateType: null, vehiclePlate: 'А123ВС 77' };
}

/** A driver licence in the API's shape. */
export function licenceFixture(id: number, driverLicense = `9912${String(id).padStart(6, '0')}`) {
  return {
    id,
    driverLicense,
    issue_date: '01.02.2020',
    first_issue_date: null,
    surname: 'Иванов',
    name: 'Иван',
    patronymic: 'Иванович',
    driverName: 'Иванов Иван Иванович',
  };
}

/** An ИНН in the API's shape. */
export function innFixture(id: number, inn = '500100732259') {
  return { id, inn, innName: 'Иванов Иван Иванович', surname: 'Иванов', name: 'Иван', patronymic: 'Иванович' };
}

/** An ordinance list item in the API's shape. */
export function ordinanceFixture(patch: Record<string, unknown> = {}) {
  return {
    id: 'fine-7',
    kind: 'fine',
    ref: 7,
    identifier: '7700000001',
    identifierType: 'sts',
    title: 'Превышение скорости на 20–40 км/ч',
    article: '12.9.2',
    number: '18810177250101234567',
    amount: 500,
    amountToPay: 250,
    amountKopecks: 50_000,
    amountToPayKopecks: 25_000,
    discountActive: true,
    discountLastDay: '2026-12-01',
    date: '2026-11-01',
    dueDate: '2027-01-10',
    paid: false,
    paidAt: null,
    vehiclePlate: 'А123ВС 77',
    place: 'Москва, Ленинградский проспект, 39',
    issuer: 'ЦАФАП ГИБДД ГУ МВД России по г. Москве',
    ...patch,
  };
}

/** GET /api/ordinances/get/{category} reply. */
export function ordinancePage(items: unknown[], patch: Record<string, unknown> = {}) {
  return { items, total: items.length, page: 1, showBy: 50, updatedAt: '2026-11-22T07:00:00.000Z', ...patch };
}

/** GET /api/ordinances/get/summary reply. */
export function ordinanceSummary(patch: Record<string, unknown> = {}) {
  return {
    counts: { all: 1, not_paid: 1, fines: 1, inn_ordinances: 0, ipfssp: 0, paid_ordinances: 0 },
    toPay: 250,
    toPayKopecks: 25_000,
    ...patch,
  };
}

/** Stores USER's session; `account` makes it an account's (isWebUser) with those fields. */
export function signedIn(account?: Partial<AccountState>): void {
  setAuthRecord({ ...SESSION_RECORD });
  if (account !== undefined) $account.set({ ...EMPTY_ACCOUNT, userId: '41', email: 'ivan@mail.ru', isWebUser: true, hasPassword: true, ...account });
}

/** The /auth/ page's first state. */
const SIGN_IN_START = $signIn.get();

/** Puts every account-side store back to where a fresh page starts, and empties the test storage. */
export function resetAccountStores(): void {
  clearOrdinances();
  $authData.set(emptyAuthData());
  $account.set({ ...EMPTY_ACCOUNT });
  $documents.set({ ...EMPTY_DOCUMENTS });
  $documentsLoad.set({ busy: false, error: '' });
  $settings.set({ email: '', pendingEmail: '', doNotify: true, loaded: false, saving: '' });
  $signIn.set({ ...SIGN_IN_START, view: { kind: 'login' }, fields: {} });
  $passwordReset.set({ token: '', busy: false, error: '', linkDead: false, fields: {}, done: false });
  $preloaded.set([]);
  $profileView.set({ kind: 'checking' });
  $notices.set([]);
  cleanTestStorage();
}

/** The form body of a recorded call as a plain object. */
export const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));
