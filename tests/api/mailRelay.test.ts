import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';

let api: MailTestApi;
let account: Session;
beforeAll(async () => {
  api = await createMailTestApi({ supportEmail: 'help@shtrafy.test' });
  account = await signUp(api, 'owner@example.ru');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
/** A request body as the site builds it: meta and data JSON in base64, and the hash over both. */
function envelope(meta: unknown, data: unknown) {
  const m = Buffer.from(JSON.stringify(meta));
  const d = Buffer.from(JSON.stringify(data));
  const hash = createHash('sha256').update(m).update(Buffer.from([0])).update(d).digest('base64');
  return { hash, meta: m.toString('base64'), data: d.toString('base64') };
}
const fine = { title: 'Штраф 500 ₽ от 12.03.2026', lines: ['Превышение скорости на 20–40 км/ч', 'Скидка 50 % до 01.04.2026'], path: '/fines/12/' };
const send = (body: Record<string, string>, session: Session | null = account) => api.request('POST', '/105/api/mail/send', { form: body, ...(session === null ? {} : { session }) });

describe('POST /105/api/mail/send (spec §3 "Mail")', () => {
  it('sends one of our templates to the account’s own address', async () => {
    const reply = await send(envelope({ template: 'fineDetails', to: 'self' }, fine));
    expect(reply.status).toBe(200);
    expect(reply.body.response).toEqual({ sent: true });
    const mail = await api.sink.next('owner@example.ru');
    expect(mail.subject).toBe('Штраф: Штраф 500 ₽ от 12.03.2026');
    expect(mail.text).toContain('http://localhost:4321/fines/12/');
  });

  it('sends feedback to the team with Reply-To the account', async () => {
    const reply = await send(envelope({ template: 'feedback', to: 'team' }, { rating: 4, text: 'Удобно, но не хватает оплаты по QR' }));
    expect(reply.status).toBe(200);
    const mail = await api.sink.next('help@shtrafy.test');
    expect(mail.raw.get('reply-to')).toBe('owner@example.ru');
  });

  describe('refuses, sending nothing', () => {
    const valid = envelope({ template: 'fineDetails', to: 'self' }, fine);
    it.each([
      ['meta that is not base64', { ...valid, meta: 'not base64!' }, 400, 'Поле "meta" должно быть в кодировке base64'],
      ['data that is not base64', { ...valid, data: 'abc' }, 400, 'Поле "data" должно быть в кодировке base64'],
      ['a hash that is not base64', { ...valid, hash: '%%%' }, 400, 'Поле "hash" должно быть в кодировке base64'],
      ['a hash of other content', { ...valid, data: b64({ ...fine, title: 'Другое' }) }, 400, 'Хеш письма не совпадает с его содержимым'],
      ['a missing part', { hash: valid.hash, meta: valid.meta }, 400, 'Поле «data» обязательно для заполнения'],
      ['meta that is not JSON', envelopeRaw('{', fine), 400, 'Поле "meta" не содержит JSON'],
      ['a template we do not have', envelope({ template: 'anything', to: 'self' }, { html: '<a href=x>win</a>' }), 422, 'Такого шаблона письма нет'],
      ['our template to a stranger', envelope({ template: 'fineDetails', to: 'victim@example.com' }, fine), 403, 'Это письмо можно отправить только на ваш e-mail'],
      ['feedback to a stranger', envelope({ template: 'feedback', to: 'victim@example.com' }, { rating: 5, text: 'x' }), 403, 'Это письмо можно отправить только в поддержку сервиса'],
      ['a link to another site', envelope({ template: 'fineDetails', to: 'self' }, { ...fine, path: '//evil.example/x' }), 422, undefined],
      ['data of the wrong shape', envelope({ template: 'feedback', to: 'team' }, { rating: 9, text: '' }), 422, undefined],
    ])('%s', async (_label, body, status, message) => {
      const before = api.sink.received.length;
      const reply = await send(body as Record<string, string>);
      expect(reply.status).toBe(status);
      if (message !== undefined) expect(reply.body.error?.errorDesc).toBe(message);
      await api.mailIdle();
      expect(api.sink.received).toHaveLength(before);
    });

    it('without a session (401) and for a visitor without a confirmed e-mail (403)', async () => {
      expect((await send(valid, null)).status).toBe(401);
      const anonymous = await api.register();
      const reply = await send(valid, anonymous);
      expect(reply.status).toBe(403);
    });

    it('over 10 mails an hour per account (429)', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await send(envelope({ template: 'fineDetails', to: 'self' }, fine))).status);
      // Two were sent above; the bucket holds 10 an hour.
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      expect(statuses.slice(8)).toEqual([429, 429, 429, 429]);
    });
  });
});

/** An envelope whose meta is raw text (not JSON), hashed correctly. */
function envelopeRaw(metaText: string, data: unknown) {
  const m = Buffer.from(metaText);
  const d = Buffer.from(JSON.stringify(data));
  return { hash: createHash('sha256').update(m).update(Buffer.from([0])).update(d).digest('base64'), meta: m.toString('base64'), data: d.toString('base64') };
}
