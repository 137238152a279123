import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../../server/notifications/push.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';
import { browserKeys, fakeDns, RoutingAgent, startPushService, startSilentServer } from '../api/helpers/pushService.ts';
import type { Session } from '../api/helpers/testApi.ts';

// Issue 23, item 5: push subscriptions pointed the server at internal addresses (127.0.0.1:8443, the
// cloud metadata address, credentials in the URL), 300 of them per account, and three endpoints that
// never answered made one re-check take 61 s for everyone.

/** Public addresses the test's DNS hands out; the routing agent takes them to local servers. */
const PUBLIC = { push: '93.184.215.14', hung: ['93.184.215.21', '93.184.215.22', '93.184.215.23'] };

const dns = new Map<string, string[]>([
  ['push.example.net', [PUBLIC.push]],
  ['rebind.example.net', [PUBLIC.push]],
  ['internal.example.net', ['127.0.0.1']],
  ['metadata.example.net', ['169.254.169.254']],
  ['mixed.example.net', [PUBLIC.push, '10.0.0.7']],
  ['v6-local.example.net', ['fd12:3456:789a::1']],
  ['hung1.example.net', [PUBLIC.hung[0] ?? '']],
  ['hung2.example.net', [PUBLIC.hung[1] ?? '']],
  ['hung3.example.net', [PUBLIC.hung[2] ?? '']],
]);

let api: MailTestApi;
let service: Awaited<ReturnType<typeof startPushService>>;
let silent: Awaited<ReturnType<typeof startSilentServer>>;
let agent: RoutingAgent;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@shtrafy.example.ru' };
const keys = browserKeys();

beforeAll(async () => {
  service = await startPushService();
  silent = await startSilentServer();
  // Every name and address the sender might connect to leads somewhere local, internal ones included:
  // a sender that went to 127.0.0.1 would be seen by the push service.
  agent = new RoutingAgent(
    new Map([
      ...['push.example.net', 'rebind.example.net', PUBLIC.push, '127.0.0.1'].map((host) => [host, service.port] as const),
      ...['hung1.example.net', 'hung2.example.net', 'hung3.example.net', ...PUBLIC.hung].map((host) => [host, silent.port] as const),
    ]),
  );
  // A long send timeout: the re-check must be quick because it does not wait, not because sends give up.
  api = await createMailTestApi({ sandboxControl: true, push: createPushSender(vapid, { agent, resolveHost: fakeDns(dns), timeoutMs: 15_000 }) });
});
afterAll(async () => {
  silent.dropAll();
  await api.deps.pushes?.idle();
  await api.close();
  await service.close();
  await silent.close();
  agent.destroy();
});

const subscribe = (session: Session, endpoint: string) => api.request('POST', '/105/api/push/subscribe', { session, form: { endpoint, p256dh: keys.p256dh, auth: keys.auth } });
const endpointsOf = async (userId: number) =>
  (await api.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.endpoint);

describe('POST /push/subscribe takes only public https push services', () => {
  let account: Session;
  beforeAll(async () => {
    account = await signUp(api, 'push-ssrf@example.ru');
  });

  it.each([
    ['a loopback address', 'https://127.0.0.1/push/1'],
    ['a loopback address on port 8443', 'https://127.0.0.1:8443/push/1'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['the IPv6 loopback', 'https://[::1]/push/1'],
    ['a private 10.x address', 'https://10.20.30.40/push/1'],
    ['a private 192.168.x address', 'https://192.168.1.1/push/1'],
    ['a carrier-grade NAT address', 'https://100.64.0.1/push/1'],
    ['the unspecified address', 'https://0.0.0.0/push/1'],
    ['loopback written as a number', 'https://2130706433/push/1'],
    ['an IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/push/1'],
    ['a unique-local IPv6 address', 'https://[fd00::1]/push/1'],
    ['a link-local IPv6 address', 'https://[fe80::1]/push/1'],
    ['a multicast address', 'https://224.0.0.1/push/1'],
    ['plain http', 'http://push.example.net/push/1'],
    ['credentials in the address', 'https://user:pass@push.example.net/push/1'],
    ['a user name alone', 'https://user@push.example.net/push/1'],
    ['a port other than 443', 'https://push.example.net:8443/push/1'],
    ['a host name resolving to 127.0.0.1', 'https://internal.example.net/push/1'],
    ['a host name resolving to the metadata address', 'https://metadata.example.net/push/1'],
    ['a host name with one private address among public ones', 'https://mixed.example.net/push/1'],
    ['a host name resolving to a unique-local IPv6 address', 'https://v6-local.example.net/push/1'],
    ['a host name that does not resolve', 'https://nowhere.example.net/push/1'],
    ['localhost', 'https://localhost/push/1'],
    ['not an address at all', 'https://'],
  ])('refuses %s with 400 and stores nothing', async (_name, endpoint) => {
    const reply = await subscribe(account, endpoint);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toMatch(/[а-яё]/i);
    expect(await endpointsOf(account.userId)).toEqual([]);
  });

  it('takes a public push service (port 443 spelled out or not)', async () => {
    expect((await subscribe(account, 'https://push.example.net/send/ok')).status).toBe(200);
    expect((await subscribe(account, 'https://push.example.net:443/send/ok-443')).status).toBe(200);
    expect(await endpointsOf(account.userId)).toHaveLength(2);
  });

  it('keeps at most 10 subscriptions per account: the 11th replaces the oldest', async () => {
    const many = await signUp(api, 'push-many@example.ru');
    for (let i = 1; i <= 11; i += 1) {
      api.advance(1000);
      expect((await subscribe(many, `https://push.example.net/send/many-${i}`)).status).toBe(200);
    }
    const left = await endpointsOf(many.userId);
    expect(left).toHaveLength(10);
    expect(left).not.toContain('https://push.example.net/send/many-1');
    expect(left).toContain('https://push.example.net/send/many-11');
    // Subscribing a browser the account already has again makes it the newest, not a duplicate.
    api.advance(1000);
    expect((await subscribe(many, 'https://push.example.net/send/many-2')).status).toBe(200);
    api.advance(1000);
    expect((await subscribe(many, 'https://push.example.net/send/many-12')).status).toBe(200);
    const after = await endpointsOf(many.userId);
    expect(after).toHaveLength(10);
    expect(after).toContain('https://push.example.net/send/many-2');
    expect(after).not.toContain('https://push.example.net/send/many-3');
  });
});

/** Signs up, watches `sts`, subscribes `endpoints`, and lets the first check learn what the document holds. */
async function watcher(email: string, sts: { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string }, endpoints: string[]): Promise<Session> {
  const account = await signUp(api, email);
  await api.request('POST', '/105/api/sts', { session: account, form: sts });
  await api.request('GET', '/api/ordinances/get/all', { session: account });
  for (const endpoint of endpoints) expect((await subscribe(account, endpoint)).status).toBe(200);
  await api.request('POST', '/105/api/sandbox/recheck');
  return account;
}

describe('sending a push', () => {
  it('does not contact a subscription whose host resolves to an internal address by the time of sending', async () => {
    await watcher('push-rebind@example.ru', FIXTURES.stsWithFines, ['https://rebind.example.net/rebind/1', 'https://push.example.net/live/rebind']);
    dns.set('rebind.example.net', ['127.0.0.1']);
    await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...FIXTURES.stsWithFines } });
    expect((await api.request('POST', '/105/api/sandbox/recheck')).body.response).toMatchObject({ newItems: 1, mailsSent: 1 });
    await api.deps.pushes?.idle();
    expect(service.received.map((r) => r.path)).toContain('/live/rebind');
    expect(service.received.map((r) => r.path)).not.toContain('/rebind/1');
  });

  it('gives up on a push service that never answers after its timeout', async () => {
    const sender = createPushSender(vapid, { agent, resolveHost: fakeDns(dns), timeoutMs: 300 });
    const started = performance.now();
    await expect(sender.send({ endpoint: 'https://hung1.example.net/wait', p256dh: keys.p256dh, auth: keys.auth }, { title: 't', body: 'b', url: 'http://localhost:4321/' })).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('three endpoints that never answer do not hold up the re-check: it finishes without waiting for them', { timeout: 30_000 }, async () => {
    const connectionsBefore = silent.connections();
    await watcher('push-hung@example.ru', FIXTURES.stsWithoutFines, ['https://hung1.example.net/a', 'https://hung2.example.net/b', 'https://hung3.example.net/c', 'https://push.example.net/live/hung']);
    await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...FIXTURES.stsWithoutFines } });
    const started = performance.now();
    const report = (await api.request('POST', '/105/api/sandbox/recheck')).body.response;
    const took = performance.now() - started;
    expect(report).toMatchObject({ newItems: 1, mailsSent: 1 });
    // The sender would wait 15 s for each of them; the re-check is done long before.
    expect(took).toBeLessThan(4000);
    // The pushes did go out, to all three at once, and the live browser got its push meanwhile.
    await expect.poll(() => silent.connections() - connectionsBefore, { timeout: 5000 }).toBe(3);
    await expect.poll(() => service.received.some((r) => r.path === '/live/hung'), { timeout: 5000 }).toBe(true);
  });
});
