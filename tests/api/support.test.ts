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

const tickets = () => api.deps.db.selectFrom('support_tickets').selectAll().orderBy('id').execute();
const ticket = { email: 'driver@example.ru', content: 'Не приходит письмо со ссылкой для входа.\n\nПробовал дважды.', user_platform: 'web', user_app_version: '0.1.0' };

describe('POST /105/api/support/create (form) and /support/ticket (JSON)', () => {
  it('stores a ticket, answers its id, mails it to the team and confirms to the user', async () => {
    const reply = await api.request('POST', '/105/api/support/create', { form: ticket });
    expect(reply.status).toBe(200);
    const id = reply.body.response.id as number;
    expect(id).toBeGreaterThan(0);
    expect((await tickets()).at(-1)).toMatchObject({ id, email: 'driver@example.ru', content: ticket.content, platform: 'web', app_version: '0.1.0', user_id: null });
    await api.mailIdle();
    const team = await api.sink.next('help@shtrafy.test');
    expect(team.subject).toBe(`Обращение №${id}`);
    expect(team.text).toContain('Пробовал дважды.');
    expect(team.raw.get('reply-to')).toBe('driver@example.ru');
    const confirmation = await api.sink.next('driver@example.ru');
    expect(confirmation.subject).toBe(`Мы получили ваше обращение №${id}`);
    expect(confirmation.text).not.toContain('Пробовал дважды'); // never a way to mail our text to strangers
  });

  it('keeps the user id only when the session proves it', async () => {
    const own = await api.request('POST', '/105/api/support/ticket', { session: account, json: { ...ticket, user_id: String(account.userId) } });
    expect(own.status).toBe(200);
    expect((await tickets()).at(-1)?.user_id).toBe(account.userId);
    const forged = await api.request('POST', '/105/api/support/ticket', { json: { ...ticket, user_id: String(account.userId) } });
    expect(forged.status).toBe(200);
    expect((await tickets()).at(-1)?.user_id).toBeNull();
    await api.mailIdle();
  });

  it('takes chromeExtension as a platform and web when none is given', async () => {
    await api.request('POST', '/105/api/support/ticket', { json: { ...ticket, user_platform: 'chromeExtension' } });
    expect((await tickets()).at(-1)?.platform).toBe('chromeExtension');
    await api.request('POST', '/105/api/support/create', { form: { email: ticket.email, content: ticket.content } });
    expect((await tickets()).at(-1)).toMatchObject({ platform: 'web', app_version: '' });
    await api.mailIdle();
  });

  it.each([
    ['no e-mail', { ...ticket, email: '' }, 422, 'Поле «E-mail» обязательно для заполнения'],
    ['a bad e-mail', { ...ticket, email: 'driver@' }, 422, undefined],
    ['no message', { ...ticket, content: '   ' }, 422, 'Поле «Сообщение» обязательно для заполнения'],
    ['a message too short', { ...ticket, content: 'Помогите' }, 422, 'Поле «Сообщение» должно содержать не менее 10 символов'],
    ['a message too long', { ...ticket, content: 'а'.repeat(5001) }, 422, 'Поле «Сообщение» должно содержать не более 5000 символов'],
    ['an unknown platform', { ...ticket, user_platform: 'android' }, 400, 'Некорректная платформа: ожидается web или chromeExtension'],
    ['a bad app version', { ...ticket, user_app_version: '<script>' }, 422, 'Поле «Версия приложения» заполнено неверно'],
  ])('refuses %s and stores nothing', async (_label, body, status, message) => {
    const before = (await tickets()).length;
    const reply = await api.request('POST', '/105/api/support/create', { form: body });
    expect(reply.status).toBe(status);
    if (message !== undefined) expect(reply.body.error?.errorDesc).toBe(message);
    expect(await tickets()).toHaveLength(before);
  });

  it('takes only JSON on /support/ticket', async () => {
    const reply = await api.request('POST', '/105/api/support/ticket', { form: ticket });
    expect(reply.status).toBe(415);
  });

  it('confirms to one address at most 3 times an hour, and limits tickets per address', async () => {
    const flood = { ...ticket, email: 'flood@example.ru' };
    let answered = (await tickets()).length;
    for (;;) {
      const reply = await api.request('POST', '/105/api/support/create', { form: flood });
      if (reply.status === 429) {
        expect(reply.headers.get('Retry-After')).toBeTruthy();
        break;
      }
      expect(reply.status).toBe(200);
      answered += 1;
    }
    expect(answered).toBe(10);
    await api.mailIdle();
    expect(api.sink.for('flood@example.ru').length).toBeLessThanOrEqual(3);
  });
});
