import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/lib/consent.ts';
import { createMailTestApi, signInWithLink } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { linkToken } from './helpers/smtpSink.ts';
import type { ReceivedMail } from './helpers/smtpSink.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session } from './helpers/testApi.ts';

let api: MailTestApi;
let owner: Session;
let other: Session;

/** Registers with the consent the site sends, opens the link: the account's session. */
async function account(email: string): Promise<Session> {
  const anonymous = await api.register();
  const reply = await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email, consentVersion: CONSENT_VERSION } });
  expect(reply.status).toBe(200);
  return signInWithLink(api, linkToken(await api.sink.next(email)));
}

/** The token of the erase link in a mail. */
const eraseToken = (mail: ReceivedMail) => /\/profile\/erase\/\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';

/** Fills an account with something of every kind we keep. */
async function fill(session: Session, email: string) {
  expect((await api.request('POST', '/105/api/sts', { session, form: { sts: FIXTURES.stsWithFines.sts, vehiclePlateNumber: FIXTURES.stsWithFines.vehiclePlateNumber, vehiclePlateRegion: FIXTURES.stsWithFines.vehiclePlateRegion } })).status).toBe(200);
  expect((await api.request('POST', '/105/api/driverLicense', { session, form: { driverLicense: FIXTURES.licence } })).status).toBe(200);
  const sts = (await api.request('GET', '/105/api/sts', { session })).body.response.sts[0];
  expect((await api.request('GET', `/105/api/fineList/by/sts/${sts.id}`, { session })).status).toBe(200);
  await api.request('POST', '/105/api/tracking/batch', { json: { trackingId: randomUUID(), userId: String(session.userId), session: session.session, events: [{ type: 'screen', screenName: 'profile' }] } });
  await api.request('POST', '/105/api/support/create', { session, form: { email, content: 'Вопрос про оплату штрафа с камеры', user_id: String(session.userId) } });
  await api.mailIdle();
  expect((await api.sink.next(email)).subject).toMatch(/^Мы получили ваше обращение/);
}

beforeAll(async () => {
  api = await createMailTestApi({ trackingRateLimit: 0 });
  owner = await account('owner@example.ru');
  other = await account('other@example.ru');
  await fill(owner, 'owner@example.ru');
  await fill(other, 'other@example.ru');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('consent (152-ФЗ art. 9)', () => {
  it('is recorded on registration with the text version and the time', async () => {
    const rows = await api.deps.db.selectFrom('consents').selectAll().where('user_id', '=', owner.userId).execute();
    expect(rows).toEqual([expect.objectContaining({ purpose: 'personalData', version: CONSENT_VERSION, given_at: api.now() })]);
  });

  it('refuses a malformed version', async () => {
    const anonymous = await api.register();
    const reply = await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'x@example.ru', consentVersion: '<b>' } });
    expect(reply.status).toBe(422);
  });
});

describe('GET /105/api/account/export', () => {
  it('gives everything we hold about the user, and nothing of anyone else, as a download', async () => {
    const reply = await api.request('GET', '/105/api/account/export', { session: owner });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('Content-Disposition')).toBe('attachment; filename="shtrafy-moi-dannye.json"');
    const data = reply.body.response;
    // One key per registered section (their order is the order the capabilities load in).
    expect(Object.keys(data).sort()).toEqual(['exportedAt', 'phones', 'linkedProviders', 'documents', 'finesSeen', 'notifications', 'consents', 'events', 'supportTickets', 'organizations', 'account', 'payments', 'autopay'].sort());
    expect(data.documents.sts).toEqual([expect.objectContaining({ sts: FIXTURES.stsWithFines.sts })]);
    expect(data.documents.driverLicenses).toEqual([expect.objectContaining({ number: FIXTURES.licence })]);
    expect(data.finesSeen.fines.map((f: { uin: string }) => f.uin).sort()).toEqual([...FIXTURES.stsWithFinesUins].sort());
    expect(data.consents).toEqual([{ purpose: 'personalData', version: CONSENT_VERSION, givenAt: api.now().toISOString() }]);
    expect(data.events).toEqual([expect.objectContaining({ kind: 'screen', name: 'profile' })]);
    expect(data.supportTickets).toEqual([expect.objectContaining({ email: 'owner@example.ru' })]);
    expect(data.account).toMatchObject({ id: owner.userId, email: 'owner@example.ru' });
    expect(JSON.stringify(data)).not.toContain('other@example.ru');
    expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash/);
  });

  it('needs a session', async () => {
    expect((await api.request('GET', '/105/api/account/export')).status).toBe(401);
  });
});

describe('erasing the account after a mailed confirmation', () => {
  it('refuses a visitor without a confirmed e-mail (403) and a bad token (400)', async () => {
    expect((await api.request('POST', '/105/api/account/erase/request', { session: await api.register() })).status).toBe(403);
    expect((await api.request('POST', '/105/api/account/erase', { form: { token: 'x'.repeat(43) } })).status).toBe(400);
    expect((await api.request('POST', '/105/api/account/erase', { form: { token: 'short' } })).status).toBe(400);
    expect((await api.request('POST', '/105/api/account/erase', { form: {} })).status).toBe(400);
  });

  it('mails a link; the link erases everything personal, once, and the other account stays whole', async () => {
    const requested = await api.request('POST', '/105/api/account/erase/request', { session: owner });
    expect(requested.status).toBe(200);
    expect(requested.body.response).toEqual({ sent: true, email: expect.stringContaining('@example.ru') });
    const mail = await api.sink.next('owner@example.ru');
    expect(mail.subject).toBe('Удаление аккаунта Штрафов Онлайн');
    // Nothing happens until the link is used.
    expect((await api.request('GET', '/105/api/user', { session: owner })).status).toBe(200);

    const erased = await api.request('POST', '/105/api/account/erase', { form: { token: eraseToken(mail) } });
    expect(erased.status).toBe(200);
    expect(erased.body.response).toEqual({ erased: true });

    const db = api.deps.db;
    const count = async (table: 'sts_documents' | 'driver_licenses' | 'search_grants' | 'consents' | 'support_tickets' | 'sessions', userId: number) =>
      (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
    for (const table of ['sts_documents', 'driver_licenses', 'search_grants', 'consents', 'support_tickets', 'sessions'] as const) expect(await count(table, owner.userId), table).toBe(0);
    expect(await db.selectFrom('auth_tokens').select(['purpose', 'email']).where('user_id', '=', owner.userId).execute()).toEqual([{ purpose: 'erase', email: '' }]);
    expect(await db.selectFrom('tracking_events').select('id').where('user_id', '=', owner.userId).execute()).toEqual([]);
    expect(await db.selectFrom('support_tickets').select('id').where('email', '=', 'owner@example.ru').execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'owner@example.ru').execute()).toEqual([]);
    const row = await db.selectFrom('users').selectAll().where('id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, password_hash: null, email_confirmed_at: null, channel: 'erased', erased_at: api.now() });
    expect((await api.request('GET', '/105/api/user', { session: owner })).status).toBe(401);

    // The other account is untouched.
    for (const table of ['sts_documents', 'driver_licenses', 'consents', 'support_tickets'] as const) expect(await count(table, other.userId), table).toBe(1);
    expect((await api.request('GET', '/105/api/user', { session: other })).body.response.email).toBe('other@example.ru');

    // The same link again: 410.
    const again = await api.request('POST', '/105/api/account/erase', { form: { token: eraseToken(mail) } });
    expect(again.status).toBe(410);
  });

  it('lets an expired link do nothing', async () => {
    await api.request('POST', '/105/api/account/erase/request', { session: other });
    const mail = await api.sink.next('other@example.ru');
    api.advance(61 * 60_000);
    const reply = await api.request('POST', '/105/api/account/erase', { form: { token: eraseToken(mail) } });
    expect(reply.status).toBe(410);
    expect(reply.body.error?.errorDesc).toBe('Срок действия ссылки истёк. Запросите удаление в профиле ещё раз');
  });
});
