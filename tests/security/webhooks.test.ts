import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../server/integrations/webhooks/deliver.ts';
import { signatureHeader, verifySignature } from '../../server/integrations/webhooks/signature.ts';
import { createMailTestApi } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import type { Session } from '../api/helpers/testApi.ts';
import { paidOrganization, RECEIVER_ADDRESS, RECEIVER_HOST, startWebhookReceiver } from '../api/helpers/webhookReceiver.ts';

// Issue 26 §4: a webhook makes the server post to an address a customer chose. Like push endpoints
// (issue 23 item 5), only https on 443 to names whose every address is public, checked when it is
// registered and again before each delivery, the connection pinned to the checked address.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let api: MailTestApi;
let owner: { session: Session; organizationId: number };

beforeAll(async () => {
  receiver = await startWebhookReceiver({
    'internal.example.com': ['127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'mixed.example.com': [RECEIVER_ADDRESS, '10.0.0.7'],
    'v6-local.example.com': ['fd12:3456:789a::1'],
    'rebind.example.com': [RECEIVER_ADDRESS],
  });
  api = await createMailTestApi({ webhookNetwork: receiver.network });
  owner = await paidOrganization(api, 'hooks-security@example.ru');
});
afterAll(async () => {
  await api.deps.webhooks.idle();
  expect(api.unexpected).toEqual([]);
  await api.close();
  await receiver.close();
});

const register = (url: string) => api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session, form: { url, events: 'fine.new' } });

describe('a webhook URL pointing inside our network is refused', () => {
  const NOT_PUBLIC = 'Этот адрес недоступен: принимаются только адреса в интернете';
  it.each([
    ['http://hooks.example.com/x', 'Адрес вебхука должен начинаться с https://'],
    [`https://${RECEIVER_HOST}:8443/x`, 'Адрес вебхука должен работать на стандартном порту 443'],
    [`https://user:secret@${RECEIVER_HOST}/x`, 'В адресе вебхука не должно быть имени пользователя и пароля'],
    ['https://127.0.0.1/x', NOT_PUBLIC],
    ['https://[::1]/x', NOT_PUBLIC],
    ['https://[::ffff:127.0.0.1]/x', NOT_PUBLIC],
    ['https://10.0.0.5/x', NOT_PUBLIC],
    ['https://169.254.169.254/latest/meta-data/', NOT_PUBLIC],
    ['https://internal.example.com/x', NOT_PUBLIC],
    ['https://metadata.example.com/x', NOT_PUBLIC],
    ['https://mixed.example.com/x', NOT_PUBLIC],
    ['https://v6-local.example.com/x', NOT_PUBLIC],
    // One answer for a name that does not resolve: no probing which internal names exist.
    ['https://no-such-name.example.com/x', NOT_PUBLIC],
    ['not a url', 'Адрес вебхука некорректен'],
  ])('%s → 422 «%s»', async (url, message) => {
    const reply = await register(url);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('checks again before each delivery: a name that now points inside is not contacted', async () => {
    const created = await register('https://rebind.example.com/hook');
    expect(created.status).toBe(200);
    receiver.dns.set('rebind.example.com', ['127.0.0.1']);
    const before = receiver.received.length;
    const ping = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks/${created.body.response.item.id}/ping`, { session: owner.session });
    await api.deps.webhooks.idle();
    await deliverDue({ db: api.deps.db, clock: api.deps.clock, network: receiver.network });
    expect(receiver.received.length).toBe(before);
    const row = await api.deps.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', ping.body.response.deliveryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'Адрес не прошёл проверку: принимаются только https-адреса в интернете' });
  });

  it('a demo organization cannot register one at all', async () => {
    const demo = await api.request('POST', '/105/api/organization', { session: owner.session, form: { inn: '7707083893' } });
    const reply = await api.request('POST', `/105/api/organization/${demo.body.response.item.id}/webhooks`, { session: owner.session, form: { url: `https://${RECEIVER_HOST}/x`, events: 'fine.new' } });
    expect(reply.status).toBe(403);
  });
});

describe('the signature a receiver checks', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"fine.new"}';
  const now = new Date('2026-03-16T07:00:00Z');
  it('refuses a replay older than 5 minutes, a changed body, another secret and a made-up header', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(header, body, secret, now)).toBe(true);
    expect(verifySignature(header, body, secret, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifySignature(header, body.replace('new', 'paid'), secret, now)).toBe(false);
    expect(verifySignature(header, body, 'whsec_other', now)).toBe(false);
    expect(verifySignature(`t=${Math.floor(now.getTime() / 1000)},v1=${'0'.repeat(64)}`, body, secret, now)).toBe(false);
    expect(verifySignature('v1=abc', body, secret, now)).toBe(false);
    expect(verifySignature(undefined, body, secret, now)).toBe(false);
  });
});
