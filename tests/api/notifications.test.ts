import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session } from './helpers/testApi.ts';
import { runDiscountReminders } from '../../server/notifications/runRecheck.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const sts = FIXTURES.stsWithFines;
const recheck = async () => (await api.request('POST', '/105/api/sandbox/recheck')).body.response;
const addFine = async (form: Record<string, string>) => (await api.request('POST', '/105/api/sandbox/fines', { form })).body.response as { uin: string };
/** An account watching the pinned СТС: signed up, the СТС added, its list seen once. */
async function watcher(email: string): Promise<Session> {
  const account = await signUp(api, email);
  await api.request('POST', '/105/api/sts', { session: account, form: sts });
  await api.request('GET', '/api/ordinances/get/all', { session: account });
  return account;
}

describe('new fines are told once, by one e-mail per re-check', () => {
  beforeAll(async () => {
    await watcher('watch@example.ru');
  });

  it('the first check of a document only learns what it holds', async () => {
    const report = await recheck();
    expect(report.checked).toBeGreaterThanOrEqual(1);
    expect(report).toMatchObject({ newItems: 0, mailsSent: 0 });
    expect(api.sink.for('watch@example.ru').filter((m) => m.subject.startsWith('Нов'))).toEqual([]);
  });

  it('a new ruling on the СТС gives one mail with what, by which document, how much, the discount and a link', async () => {
    const { uin } = await addFine({ type: 'sts', ...sts, amount: '1500', article: '12.9.3' });
    expect(uin).toMatch(/^\d{20}$/);
    const report = await recheck();
    expect(report).toMatchObject({ newItems: 1, mailsSent: 1 });
    const mail = await api.sink.next('watch@example.ru');
    // 1 500 ₽ under ст. 12.9.3, 25 % off while the discount runs.
    expect(mail.subject).toMatch(new RegExp(`^Новый штраф по СТС ${sts.sts}: 1\\s125,00\\s₽$`));
    expect(mail.text).toContain(`Постановление ${uin}`);
    expect(mail.text).toContain(`по СТС ${sts.sts}, автомобиль ${sts.vehiclePlateNumber} ${sts.vehiclePlateRegion}`);
    expect(mail.text).toMatch(/К оплате 1\s125,00\s₽ со скидкой до \d{1,2} [а-я]+ \d{4} включительно \(без скидки 1\s500,00\s₽\)/);
    expect(mail.text).toMatch(/http:\/\/localhost:4321\/fines\/\d+\//);
    expect(mail.html).toContain('Открыть мои штрафы');
    const unsubscribe = /^<(http:\/\/localhost:4321\/email\/unsubscrib\/\?token=[^>]+)>$/.exec(String(mail.raw.get('list-unsubscribe')));
    expect(unsubscribe).not.toBeNull();
    expect(mail.raw.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('a second re-check finds nothing new and sends nothing', async () => {
    const before = api.sink.for('watch@example.ru').length;
    expect(await recheck()).toMatchObject({ newItems: 0, mailsSent: 0 });
    expect(api.sink.for('watch@example.ru')).toHaveLength(before);
  });

  it('two new rulings in one check make one mail about both', async () => {
    await addFine({ type: 'sts', ...sts });
    await addFine({ type: 'sts', ...sts });
    expect(await recheck()).toMatchObject({ newItems: 2, mailsSent: 1 });
    expect((await api.sink.next('watch@example.ru')).subject).toMatch(/^Новые начисления: 2 начисления на /);
  });

  it('someone with notifications off gets nothing, and is not told about it later either', async () => {
    const quiet = await watcher('quiet@example.ru');
    await recheck();
    await api.request('POST', '/105/api/email/notify', { session: quiet, form: { doNotify: '0' } });
    await addFine({ type: 'sts', ...sts });
    await recheck();
    await api.request('POST', '/105/api/email/notify', { session: quiet, form: { doNotify: '1' } });
    await recheck();
    expect(api.sink.for('quiet@example.ru').filter((m) => m.subject.startsWith('Нов'))).toEqual([]);
  });
});

describe('unsubscribing from a mail, without a session', () => {
  let token = '';
  let account: Session;
  beforeAll(async () => {
    account = await watcher('leave@example.ru');
    await recheck();
    await addFine({ type: 'sts', ...sts });
    await recheck();
    const mail = await api.sink.next('leave@example.ru');
    token = new URL(/<([^>]+)>/.exec(String(mail.raw.get('list-unsubscribe')))?.[1] ?? '').searchParams.get('token') ?? '';
  });
  const doNotify = async () => (await api.request('GET', '/105/api/email', { session: account })).body.response.doNotify;

  it('a one-click POST (RFC 8058) turns notifications off, and the undo link turns them on again', async () => {
    const reply = await api.request('POST', `/105/api/email/unsubscribe?token=${token}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(reply.body.response).toMatchObject({ email: 'le***@example.ru', doNotify: 0 });
    expect(await doNotify()).toBe(0);
    const back = await api.request('POST', '/105/api/email/subscribe', { form: { token: reply.body.response.undoToken } });
    expect(back.body.response.doNotify).toBe(1);
    expect(await doNotify()).toBe(1);
  });

  it.each([
    ['a changed signature', (t: string) => `${t.slice(0, -3)}AAA`],
    ["another user's id", (t: string) => t.replace(/^\d+/, (id) => String(Number(id) - 1))],
    ['the other purpose', (t: string) => t.replace('.unsubscribe.', '.subscribe.')],
    ['garbage', () => 'not-a-token'],
  ])('%s changes nothing', async (_case, forge) => {
    const reply = await api.request('POST', '/105/api/email/unsubscribe', { form: { token: forge(token) } });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe('Ссылка повреждена или не от нас. Управлять уведомлениями можно в профиле');
    expect(await doNotify()).toBe(1);
  });

  it('a link older than a year has expired', async () => {
    api.advance(366 * 86_400_000);
    try {
      const reply = await api.request('POST', '/105/api/email/unsubscribe', { form: { token } });
      expect(reply.status).toBe(410);
    } finally {
      api.advance(-366 * 86_400_000);
    }
  });
});

describe('the discount reminder', () => {
  it('comes once, 3 days before the last day, with an .ics for that day', async () => {
    const account = await watcher('remind@example.ru');
    await recheck();
    const { uin } = await addFine({ type: 'sts', ...sts, article: '12.9.2' });
    await recheck();
    const fines = (await api.request('GET', '/api/ordinances/get/not_paid?showBy=100', { session: account })).body.response.items as { number: string; discountLastDay: string }[];
    const lastDay = fines.find((f) => f.number === uin)?.discountLastDay ?? '';
    const daysLeft = Math.round((Date.parse(lastDay) - Date.parse(api.now().toISOString().slice(0, 10))) / 86_400_000);
    api.advance((daysLeft - 4) * 86_400_000);
    expect((await runDiscountReminders(api.deps)).mailsSent).toBe(0); // 4 days before: not yet
    api.advance(86_400_000);
    expect((await runDiscountReminders(api.deps)).mailsSent).toBeGreaterThanOrEqual(1);
    const mail = api.sink.for('remind@example.ru').find((m) => m.text.includes(uin) && m.subject.startsWith('Скидк'));
    expect(mail).toBeDefined();
    const ics = mail?.attachments.find((a) => a.filename === 'skidka.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const text = ics?.content.toString('utf8') ?? '';
    expect(text).toContain(`DTSTART;VALUE=DATE:${lastDay.replace(/-/g, '')}`);
    expect(text).toContain(`UID:discount-${uin}@localhost`);
    expect(mail?.raw.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const sent = api.sink.for('remind@example.ru').length;
    await runDiscountReminders(api.deps);
    expect(api.sink.for('remind@example.ru')).toHaveLength(sent);
    api.advance(-(daysLeft - 3) * 86_400_000);
  });
});

describe('re-check runs', () => {
  it('follow one another: a run started while another is under way waits for it, and finds a ruling added meanwhile', async () => {
    await watcher('overlap@example.ru');
    await recheck();
    const fines = api.deps.fines;
    const finesFor = fines.finesFor.bind(fines);
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    fines.finesFor = async (...args) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        const found = await finesFor(...args);
        calls += 1;
        if (calls === 1) await held; // the first run is held inside the source, its answer already taken
        return found;
      } finally {
        inFlight -= 1;
      }
    };
    try {
      const first = recheck();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { uin } = await addFine({ type: 'sts', ...sts });
      const second = recheck();
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([first, second]);
      expect(most).toBe(1);
      expect(api.sink.for('overlap@example.ru').some((m) => m.text.includes(uin))).toBe(true);
    } finally {
      fines.finesFor = finesFor;
    }
  });
});

describe('what a re-check stores', () => {
  it('is stored at the moment the source answered, not when the run began (autopay compares it with when it was turned on)', async () => {
    await watcher('stamp@example.ru');
    await recheck();
    const { uin } = await addFine({ type: 'sts', ...sts });
    const fines = api.deps.fines;
    const finesFor = fines.finesFor.bind(fines);
    const startedAt = api.now().getTime();
    // The source takes a minute to answer: the run began a minute before it learnt of the ruling.
    fines.finesFor = async (...args) => {
      api.advance(60_000);
      return finesFor(...args);
    };
    try {
      await recheck();
    } finally {
      fines.finesFor = finesFor;
    }
    const row = await api.deps.db.selectFrom('fines').select('created_at').where('uin', '=', uin).executeTakeFirstOrThrow();
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(startedAt + 60_000);
  });
});

describe('the sandbox controls', () => {
  it('refuse a bad document and exist only when switched on', async () => {
    const bad = await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', sts: '12', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(bad.status).toBe(422);
    const { createTestApi } = await import('./helpers/testApi.ts');
    const plain = await createTestApi();
    try {
      expect((await plain.request('POST', '/105/api/sandbox/recheck')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
