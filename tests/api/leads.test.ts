import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/jobQueue.ts';
import type { JobQueue } from '../../server/jobs/jobQueue.ts';
import { leadJobs } from '../../server/leads/crmWebhook.ts';
import { createTestApi } from './helpers/testApi.ts';
import type { TestApi } from './helpers/testApi.ts';

/** A CRM of our own: it refuses the first `refuse` leads with 500, then takes them; keeps what it got. */
let crm: Server;
let received: Record<string, unknown>[] = [];
let refuse = 0;
let api: TestApi;
/** The queue, made once the test API (and its database) exists; the app is given this stand-in that forwards to it. */
let queue: JobQueue;
const jobs: JobQueue = {
  enqueue: (name, payload, options) => queue.enqueue(name, payload, options),
  schedule: () => queue.schedule(),
  runDue: (limit) => queue.runDue(limit),
  start: (pollMs) => queue.start(pollMs),
  stop: () => queue.stop(),
  counts: () => queue.counts(),
};

beforeAll(async () => {
  crm = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (refuse > 0) {
        refuse -= 1;
        response.writeHead(500).end('down');
        return;
      }
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => crm.listen(0, '127.0.0.1', done));
  api = await createTestApi({ crmWebhookUrl: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`, salesEmail: 'sales@shtrafy.test', jobs });
  queue = createJobQueue({ db: api.deps.db, clock: api.deps.clock, definitions: leadJobs(api.deps) });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
  await new Promise<void>((done) => crm.close(() => done()));
});

const LEAD = { name: 'Анна Смирнова', phone: '+7 (999) 123-45-67', email: 'Anna@Fleet.example', inn: '7707083893', tag: 'legal-entities', countAuto: '25', monthsCount: '0', utms: JSON.stringify({ utm_source: 'yandex', utm_campaign: 'fleet' }) };
const send = (fields: Record<string, string>) => api.request('POST', '/105/api/crm/lead', { form: fields });
const leads = () => api.deps.db.selectFrom('crm_leads').selectAll().orderBy('id').execute();

describe('POST /105/api/crm/lead', () => {
  it('keeps the lead, mails it to sales, and the CRM gets it after a failure, retried by the queue', async () => {
    refuse = 1;
    received = [];
    const reply = await send(LEAD);
    expect(reply.status).toBe(200);
    const { leadId } = reply.body.response as { leadId: number };
    expect(leadId).toBeGreaterThan(0);
    const [stored] = (await leads()).filter((lead) => lead.id === leadId);
    expect(stored).toMatchObject({ name: 'Анна Смирнова', phone: '79991234567', email: 'anna@fleet.example', inn: '7707083893', tag: 'legal-entities', count_auto: 25, months_count: null, crm_status: 'pending', utms: { utm_source: 'yandex', utm_campaign: 'fleet' } });
    await api.mailIdle();
    const [mail] = await api.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'sales@shtrafy.test').execute();
    expect(mail?.subject).toBe(`Заявка №${leadId}: legal-entities`);
    expect(mail?.text_body).toContain('Телефон: +79991234567');
    expect(mail?.text_body).toContain('utm_source: yandex');
    // The first post fails: the lead waits for the next try; the visitor already had their answer.
    expect(await queue.runDue()).toBe(1);
    expect(received).toEqual([]);
    expect((await leads()).find((lead) => lead.id === leadId)).toMatchObject({ crm_status: 'pending', crm_attempts: 1 });
    api.advance(60_000);
    expect(await queue.runDue()).toBe(1);
    expect(received).toEqual([expect.objectContaining({ leadId, name: 'Анна Смирнова', phone: '79991234567', inn: '7707083893', tag: 'legal-entities', countAuto: 25, utms: { utm_source: 'yandex', utm_campaign: 'fleet' } })]);
    // Spec §3: monthsCount is sent only when above 0.
    expect(received[0]).not.toHaveProperty('monthsCount');
    expect((await leads()).find((lead) => lead.id === leadId)).toMatchObject({ crm_status: 'sent', crm_attempts: 2 });
  });

  it.each([
    ['phone', { phone: '12345' }, 'Некорректный номер телефона'],
    ['email', { email: 'not-an-email' }, 'Некорректный e-mail'],
    ['ИНН', { inn: '7707083890' }, 'Некорректный ИНН'],
    ['no ИНН', { inn: '' }, 'Поле «ИНН» обязательно для заполнения'],
    ['name', { name: '' }, 'Поле «Имя» обязательно для заполнения'],
    ['tag', { tag: 'Bad Tag!' }, 'Поле «Источник заявки» заполнено неверно'],
    ['fleet size', { countAuto: '-3' }, 'Поле «Автомобилей в автопарке» заполнено неверно'],
    ['utm marks', { utms: JSON.stringify({ ref: 'x' }) }, 'Поле «Метки визита» заполнено неверно'],
  ])('refuses a bad %s with 400 naming the field, and keeps nothing', async (_what, change, message) => {
    const before = (await leads()).length;
    const reply = await send({ ...LEAD, ...change });
    expect(reply.status).toBe(400);
    if (typeof message === 'string') expect(reply.body.error?.errorDesc).toBe(message);
    else expect(reply.body.error?.errorDesc).toMatch(message);
    expect(await leads()).toHaveLength(before);
  });
});
