import { createRequire } from 'node:module';
import type { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../../server/notifications/push.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import { browserKeys, fakeDns, RoutingAgent, startPushService } from './helpers/pushService.ts';

/** The RFC 8188 decryption of http_ece (web-push's own dependency), as a browser's push client does it. */
const ece = createRequire(import.meta.url)('http_ece') as { decrypt(buffer: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer };

let api: MailTestApi;
let service: Awaited<ReturnType<typeof startPushService>>;
const vapid = webpush.generateVAPIDKeys();
let agent: RoutingAgent;
beforeAll(async () => {
  service = await startPushService();
  // push.example.net is a public push service to the server (the test's DNS), served by the local one.
  agent = new RoutingAgent(new Map([['push.example.net', service.port], ['93.184.215.14', service.port]]));
  const resolveHost = fakeDns(new Map([['push.example.net', ['93.184.215.14']]]));
  api = await createMailTestApi({ sandboxControl: true, push: createPushSender({ ...vapid, subject: 'mailto:support@shtrafy.example.ru' }, { agent, resolveHost }) });
});
afterAll(async () => {
  await api.deps.pushes?.idle();
  expect(api.unexpected).toEqual([]);
  await api.close();
  await service.close();
  agent.destroy();
});

describe('web push', () => {
  it('gives the VAPID key and keeps an account\'s browser subscription; refuses bad ones', async () => {
    expect((await api.request('GET', '/105/api/push/key')).body.response).toEqual({ publicKey: vapid.publicKey });
    const account = await signUp(api, 'push-key@example.ru');
    const { p256dh, auth } = browserKeys();
    const ok = await api.request('POST', '/105/api/push/subscribe', { session: account, form: { endpoint: 'https://push.example.net/send/abc123', p256dh, auth } });
    expect(ok.body.response.id).toBeGreaterThan(0);
    const http = await api.request('POST', '/105/api/push/subscribe', { session: account, form: { endpoint: 'http://push.example.net/x', p256dh, auth } });
    expect(http.status).toBe(400);
    const anonymous = await api.register();
    expect((await api.request('POST', '/105/api/push/subscribe', { session: anonymous, form: { endpoint: 'https://push.example.net/send/z', p256dh, auth } })).status).toBe(403);
    const gone = await api.request('POST', '/105/api/push/unsubscribe', { session: account, form: { endpoint: 'https://push.example.net/send/abc123' } });
    expect(gone.body.response).toEqual({ deleted: 1 });
  });

  it('pushes a new fine, encrypted for the browser and signed with VAPID; a 410 deletes the subscription', async () => {
    const account = await signUp(api, 'push@example.ru');
    await api.request('POST', '/105/api/sts', { session: account, form: FIXTURES.stsWithFines });
    await api.request('GET', '/api/ordinances/get/all', { session: account });
    const live = browserKeys();
    const dead = browserKeys();
    for (const [path, keys] of [['/live/1', live], ['/gone/2', dead]] as const) {
      const subscribed = await api.request('POST', '/105/api/push/subscribe', { session: account, form: { endpoint: `https://push.example.net${path}`, p256dh: keys.p256dh, auth: keys.auth } });
      expect(subscribed.status).toBe(200);
    }
    await api.request('POST', '/105/api/sandbox/recheck');
    await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...FIXTURES.stsWithFines } });
    const report = (await api.request('POST', '/105/api/sandbox/recheck')).body.response;
    // The re-check starts both pushes and does not wait for them; one arrives, the other is answered 410.
    expect(report).toMatchObject({ newItems: 1, mailsSent: 1, pushesQueued: 2 });
    await api.deps.pushes?.idle();
    const notification = await api.database.db.selectFrom('notifications').select('pushed').where('user_id', '=', account.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notification.pushed).toBe(1);

    const push = service.received.find((r) => r.path === '/live/1');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push?.headers['authorization'])).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    const message = JSON.parse(ece.decrypt(push?.body ?? Buffer.alloc(0), { version: 'aes128gcm', privateKey: live.ecdh, authSecret: live.auth }).toString('utf8'));
    expect(message).toMatchObject({ title: 'Новый штраф', url: expect.stringMatching(/^http:\/\/localhost:4321\/fines\/\d+\/$/) });
    expect(message.body).toMatch(/₽$/);

    const left = await api.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', account.userId).execute();
    expect(left.map((r) => r.endpoint)).toEqual(['https://push.example.net/live/1']);
  });
});
