import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Reply, Session, TestApi } from '../api/helpers/testApi.ts';

// Issue 23, item 10: analytics stored personal data whenever it came as a name (event, form, button),
// as a parameter key, written with separators or full-width digits, or in the DeviceId/AppVersion
// headers. Every case below goes through the real tracking endpoints; then the whole events table,
// serialised, normalised (NFKC, separators stripped, Latin look-alikes folded), must not hold it.

let api: TestApi;
let user: Session;
const trackingId = '5b0c8f1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
beforeAll(async () => {
  api = await createTestApi({ trackingRateLimit: 0 });
  user = await api.register();
});
beforeEach(async () => {
  await api.deps.db.deleteFrom('tracking_events').execute();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Cyrillic letters that look like Latin ones, folded to Latin (a plate may be typed in either). */
const LOOK_ALIKES: Record<string, string> = { а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x' };
/** The text as the check compares it: NFKC, lower case, look-alikes folded, no separators at all. */
const normal = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[авекмнорстух]/g, (c) => LOOK_ALIKES[c] ?? c)
    .replace(/[\s\p{P}\p{S}]/gu, '')
    .replace(/[\u00ad\u200b-\u200f\u2060\ufeff]/g, '');

/** Every stored row, whole, as one normalised text; once more with header text decoded as the UTF-8 it was sent in. */
const storedText = async () => {
  const json = JSON.stringify(await api.deps.db.selectFrom('tracking_events').selectAll().execute());
  return `${normal(json)} ${normal(Buffer.from(json, 'latin1').toString('utf8'))}`;
};

/** Personal data as it was written into analytics, and what of it must never be stored. */
const PERSONAL: [label: string, written: string, needle: string][] = [
  ['an e-mail', 'ivan@mail.ru', 'ivan@mail.ru'],
  ['a phone with separators', '+7 (916) 123-45-67', '79161234567'],
  ['a plate with spaces', 'А 123 ВС 77', 'А123ВС77'],
  ['a plate with full-width digits', 'А１２３ВС７７', 'А123ВС77'],
  ['a plate in Latin look-alikes', 'A123BC77', 'А123ВС77'],
  ['an СТС', '99 41 123456', '9941123456'],
  ['a УИН with spaces', '1881 0178 2506 0100 8767', '18810178250601008767'],
  ['a УИН with dashes', '18810-17825-06010-08767', '18810178250601008767'],
  ['a УИН with full-width digits', '１８８１０１７８２５０６０１００８７６７', '18810178250601008767'],
  ['a full name', 'Иванов Иван Иванович', 'ИвановИванИванович'],
  ['a full name in capitals with underscores', 'ИВАНОВ_ИВАН_ИВАНОВИЧ', 'ИвановИванИванович'],
];

const session = () => ({ userId: String(user.userId), session: user.session });
const post = (path: string, json: unknown, headers: Record<string, string> = {}) => api.request('POST', `/105/api/tracking${path}`, { json, headers });
const form = (path: string, values: Record<string, string>) => api.request('POST', `/105/api/tracking${path}`, { form: values });
const batch = (events: unknown[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => post('/batch', { trackingId, ...session(), events, ...extra }, headers);

/** A header value as a client sends text in one: its UTF-8 bytes, which the server reads one byte per character. */
const asHeader = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/** Every place of a tracking call where a visitor's page could put the text. */
const SLOTS: [slot: string, send: (text: string) => Promise<Reply>][] = [
  ['the event name (/tracking)', (t) => form('', { ...session(), event: t, params: '{}' })],
  ['the event name (batch)', (t) => batch([{ type: 'event', event: t, params: {} }])],
  ['a param key', (t) => form('', { ...session(), event: 'timeLeft', params: JSON.stringify({ [t]: 1 }) })],
  ['a param key (batch)', (t) => batch([{ type: 'event', event: 'searchResult', params: { [t]: 'x', by: 'sts' } }])],
  ['a param value', (t) => form('', { ...session(), event: 'timeLeft', params: JSON.stringify({ note: t }) })],
  ['a nested param value', (t) => batch([{ type: 'event', event: 'searchResult', params: { list: [{ text: t }] } }])],
  ['the screen name', (t) => post('/loadedScreen', { trackingId, screenName: t })],
  ['the screen name (batch)', (t) => batch([{ type: 'screen', screenName: `fines${t}` }])],
  ['the referer', (t) => post('/loadedScreen', { trackingId, screenName: 'main', referer: `https://example.com/fines/${t}/` })],
  ['the form name', (t) => post('/submittedForm', { trackingId, formName: t })],
  ['the form name (batch)', (t) => batch([{ type: 'form', formName: t }])],
  ['a form data key', (t) => post('/submittedForm', { trackingId, formName: 'fineSearch', formData: { [t]: 'sts' } })],
  ['the button name', (t) => post('/submittedForm', { trackingId, buttonName: t })],
  ['the button name (batch)', (t) => batch([{ type: 'button', buttonName: t }])],
  ['a button data value', (t) => batch([{ type: 'button', buttonName: 'pay', buttonData: { label: t } }])],
  ['the DeviceId header', (t) => post('/loadedScreen', { trackingId, screenName: 'main' }, { DeviceId: asHeader(`device ${t}`) })],
  ['the AppVersion header', (t) => post('/loadedScreen', { trackingId, screenName: 'main' }, { AppVersion: asHeader(t) })],
  ['the batch appVersion', (t) => batch([{ type: 'screen', screenName: 'main' }], { appVersion: t.slice(0, 40) })],
];

describe.each(PERSONAL)('%s (%s) is stored nowhere', (_label, written, needle) => {
  it.each(SLOTS)('given as %s', async (_slot, send) => {
    const reply = await send(written);
    expect(reply.status).toBeLessThan(500);
    expect(await storedText()).not.toContain(normal(needle));
  });
});

describe('what the site sends is still stored', () => {
  it('known events, the search form, screens, buttons, a UUID DeviceId and a version', async () => {
    const device = { DeviceId: '0F8FAD5B-D9CB-469F-A165-70867728950E', AppVersion: '0.1.0' };
    const reply = await batch(
      [
        { type: 'screen', screenName: 'prepaymentsuccess', referer: 'https://yandex.ru/search/' },
        { type: 'form', formName: 'fineSearch', formData: { tab: 'sts' } },
        { type: 'button', buttonName: 'payAll', buttonData: { count: 2 } },
        { type: 'event', event: 'searchResult', params: { by: 'sts', found: 3 } },
        { type: 'event', event: 'timeLeft', params: { seconds: 180 } },
        { type: 'event', event: 'emailVisit', params: {} },
      ],
      { appVersion: '0.1.0' },
      device,
    );
    expect(reply.body.response).toEqual({ stored: 6 });
    const rows = await api.deps.db.selectFrom('tracking_events').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.name, r.params])).toEqual([
      ['screen', 'prepaymentsuccess', {}],
      ['form', 'fineSearch', { tab: 'sts' }],
      ['button', 'payAll', { count: 2 }],
      ['event', 'searchResult', { by: 'sts', found: 3 }],
      ['event', 'timeLeft', { seconds: 180 }],
      ['event', 'emailVisit', {}],
    ]);
    expect(rows[0]).toMatchObject({ device_id: '0f8fad5b-d9cb-469f-a165-70867728950e', app_version: '0.1.0', referer: 'https://yandex.ru/search/' });
  });
});

describe('names the site does not send', () => {
  it('an unknown event is refused with 400 on /tracking, and dropped from a batch while the rest is stored', async () => {
    const single = await form('', { ...session(), event: 'somethingElse', params: '{}' });
    expect(single.status).toBe(400);
    expect(single.body.error?.errorDesc).toBe('Неизвестное событие аналитики: «somethingElse»');
    const mixed = await batch([{ type: 'event', event: 'somethingElse', params: {} }, { type: 'screen', screenName: 'main' }]);
    expect(mixed.body.response).toEqual({ stored: 1 });
    expect((await api.deps.db.selectFrom('tracking_events').select('name').execute()).map((r) => r.name)).toEqual(['main']);
  });

  it('an unknown form, or a button name that is not an identifier, is refused with 400', async () => {
    for (const body of [{ trackingId, formName: 'search form' }, { trackingId, buttonName: 'Оплатить всё' }]) {
      const reply = await post('/submittedForm', body);
      expect(reply.status).toBe(400);
      expect(reply.body.error?.errorDesc).toMatch(/^Неизвестн/);
    }
  });

  it.each([
    ['/reset/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd/', 'resetAbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd', 'reset{id}', '/reset/{id}/'],
    ['/fines/info/AbCdEfGhIjKlMnOpQrStUv/', 'finesinfoAbCdEfGhIjKlMnOpQrStUv', 'finesinfo{id}', '/fines/info/{id}/'],
    ['/invoice/q1W2e3R4t5Y6u7I8o9P0aS/', 'invoiceq1W2e3R4t5Y6u7I8o9P0aS', 'invoice{id}', '/invoice/{id}/'],
    ['/fines/123/', 'fines123', 'fines{id}', '/fines/{id}/'],
  ])('the secret part of a page address (%s) is masked in the screen name and the referer', async (path, name, maskedName, maskedPath) => {
    await post('/loadedScreen', { trackingId, screenName: name, referer: `https://shtrafy.example${path}` });
    const [row] = await api.deps.db.selectFrom('tracking_events').selectAll().execute();
    expect(row?.name).toBe(maskedName);
    expect(row?.referer).toBe(`https://shtrafy.example${maskedPath}`);
  });
});
