import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, moscowToday } from '../../src/lib/isoDate.ts';
import { notificationJobs } from '../../server/notifications/jobs.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';

// Issue 23 item 15: the sandbox's "add a fine" control (SANDBOX_CONTROL=1) takes the ruling's date, so
// the discount reminder can be tried end to end: the discount runs from that date. A date the source
// could not have (in the future, older than two years, not a date) is refused and adds nothing.

const EMAIL = 'sandbox-ruling@example.ru';
const sts = FIXTURES.stsWithFines;
let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  const account = await signUp(api, EMAIL);
  await api.request('POST', '/105/api/sts', { session: account, form: sts });
  await api.request('GET', '/api/ordinances/get/all', { session: account });
  await recheck(); // the first check only learns what the СТС holds
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const recheck = async () => (await api.request('POST', '/105/api/sandbox/recheck')).body.response as { newItems: number };
/** Today in Moscow on the test's clock, and a day `days` before it, as 'YYYY-MM-DD'. */
const daysAgo = (days: number) => addDays(moscowToday(api.now().getTime()), -days);
/** 'YYYY-MM-DD' written as 'DD.MM.YYYY'. */
const russian = (iso: string) => iso.split('-').reverse().join('.');
/** Adds a camera ruling under ст. 12.9.2 (it has the discount) on the СТС, dated as given. */
const addFine = (rulingDate: string) => api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...sts, article: '12.9.2', rulingDate } });
/** One run of the hourly discount-reminder job, as the job queue runs it. */
const reminderJob = async () => {
  const job = notificationJobs(api.deps).find((definition) => definition.name === 'notifications.discountReminders');
  if (job === undefined) throw new Error('no discount-reminder job');
  await job.run({}, 1);
};
/** Discount reminders mailed about this ruling so far. */
const remindersAbout = (uin: string) => api.sink.for(EMAIL).filter((mail) => mail.subject.startsWith('Скидк') && mail.text.includes(uin)).length;

describe('POST /105/api/sandbox/fines with a ruling date', () => {
  it.each([
    ['28 days ago, written YYYY-MM-DD', () => daysAgo(28)],
    ['28 days ago, written DD.MM.YYYY', () => russian(daysAgo(28))],
  ])('a ruling of %s has 2 days of its 30-day discount left: the reminder job mails it once', async (_case, date) => {
    const added = await addFine(date());
    expect(added.status).toBe(200);
    const { uin } = added.body.response as { uin: string };
    expect((await recheck()).newItems).toBe(1);
    await reminderJob();
    expect(remindersAbout(uin)).toBe(1);
    await reminderJob();
    expect(remindersAbout(uin)).toBe(1);
  });

  it('the README’s way: add a ruling of 28 days ago, re-check, run the reminders now — one mail', async () => {
    const { uin } = (await addFine(daysAgo(28))).body.response as { uin: string };
    await recheck();
    const reply = await api.request('POST', '/105/api/sandbox/reminders');
    expect(reply.body).toEqual({ status: 'ok', response: { mailsSent: 1 } });
    expect(remindersAbout(uin)).toBe(1);
  });

  it('a ruling of 17 days ago is not reminded of yet, and is 10 days later (3 days before its discount ends)', async () => {
    const added = await addFine(daysAgo(17));
    const { uin } = added.body.response as { uin: string };
    await recheck();
    await reminderJob();
    expect(remindersAbout(uin)).toBe(0);
    api.advance(10 * 86_400_000);
    try {
      await reminderJob();
      expect(remindersAbout(uin)).toBe(1);
    } finally {
      api.advance(-10 * 86_400_000);
    }
  });

  it.each([
    ['three years ago', () => daysAgo(3 * 365 + 1), /^Дата постановления \(rulingDate\) — не раньше \d{2}\.\d{2}\.\d{4}: источник хранит постановления за два года$/],
    ['two years and a day ago', () => addDays(daysAgo(0).replace(/^\d{4}/, (y) => String(Number(y) - 2)), -1), /^Дата постановления \(rulingDate\) — не раньше /],
    ['tomorrow', () => daysAgo(-1), /^Дата постановления \(rulingDate\) не может быть позже сегодняшней$/],
    ['a year ahead, DD.MM.YYYY', () => russian(daysAgo(-365)), /^Дата постановления \(rulingDate\) не может быть позже сегодняшней$/],
    ['31 February', () => '31.02.2026', /^Дата постановления \(rulingDate\) — ДД\.ММ\.ГГГГ или ГГГГ-ММ-ДД/],
    ['no leading zeros', () => '2026-3-1', /^Дата постановления \(rulingDate\) — ДД\.ММ\.ГГГГ или ГГГГ-ММ-ДД/],
    ['a date and time', () => `${daysAgo(3)}T10:00:00Z`, /^Дата постановления \(rulingDate\) — ДД\.ММ\.ГГГГ или ГГГГ-ММ-ДД/],
    ['a word', () => 'вчера', /^Дата постановления \(rulingDate\) — ДД\.ММ\.ГГГГ или ГГГГ-ММ-ДД/],
  ])('refuses a ruling dated %s with a 400 in Russian, and adds nothing', async (_case, date, message) => {
    expect((await recheck()).newItems).toBe(0);
    const refused = await addFine(date());
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 'error', error: { errorDesc: expect.stringMatching(message) } });
    expect((await recheck()).newItems).toBe(0);
  });

  it('still takes the oldest day allowed (two years ago to the day) and today', async () => {
    const twoYears = daysAgo(0).replace(/^\d{4}/, (y) => String(Number(y) - 2));
    expect((await addFine(twoYears)).status).toBe(200);
    expect((await addFine(russian(daysAgo(0)))).status).toBe(200);
    expect((await recheck()).newItems).toBe(2);
  });
});
