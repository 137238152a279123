import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../../server/notifications/push.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';

/** The RFC 8188 decryption of http_ece (web-push's own dependency), as a browser's push client does it. */
const ece = createRequire(import.meta.url)('http_ece') as { decrypt(buffer: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer };

/** The local push service's certificate (self-signed for 127.0.0.1, test-only). */
const TLS = { key: readFileSync(new URL('./fixtures/push-test.key', import.meta.url)), cert: readFileSync(new URL('./fixtures/push-test.crt', import.meta.url)) };

/** A local push service over HTTPS: keeps each request; answers 201, or 410 for endpoints under /gone/. */
async function startPushService() {
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
  const server = createServer(TLS, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A browser's subscription keys (P-256 key pair and auth secret), as PushManager makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

let api: MailTestApi;
let service: Awaited<ReturnType<typeof startPushService>>;
const vapid = webpush.generateVAPIDKeys();
beforeAll(async () => {
  service = await startPushService();
  api = await createMailTestApi({ sandboxControl: true, push: createPushSender({ ...vapid, subject: 'mailto:support@shtrafy.example.ru' }, { agent: new Agent({ ca: TLS.cert }) }) });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
  await service.close();
});

describe('web push', () => {
  it('gives the VAPID key and keeps an account\'s browser subscription; refuses bad ones', async () => {
    expect((await api.request('GET', '/105/api/push/key')).body.response).toEqual({ publicKey: vapid.publicKey });
    const account = await signUp(api, 'push-key@example.ru');
    const { p256dh, auth } = browserKeys();
    const ok = await api.request('POST', '/105/api/push/subscribe', { session: account, form: { endpoint: 'https://push.example.net/send/abc123', p256dh, auth } });
    expect(ok.body.response.id).toBeGreaterThan(0);
    const http = await api.request('POST', '/105/api/push/subscribe', { session: account, form: { endpoint: 'http://push.example.net/x', p256dh, auth } });
    expect(http.status).toBe(422);
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
    // Stored as a browser's subscription would be (through the API they would need a public https host).
    await api.database.db
      .insertInto('push_subscriptions')
      .values([
        { user_id: account.userId, endpoint: `${service.url}/live/1`, p256dh: live.p256dh, auth: live.auth, created_at: api.now() },
        { user_id: account.userId, endpoint: `${service.url}/gone/2`, p256dh: dead.p256dh, auth: dead.auth, created_at: api.now() },
      ])
      .execute();
    await api.request('POST', '/105/api/sandbox/recheck');
    await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...FIXTURES.stsWithFines } });
    const report = (await api.request('POST', '/105/api/sandbox/recheck')).body.response;
    expect(report).toMatchObject({ newItems: 1, mailsSent: 1, pushesSent: 1 });

    const push = service.received.find((r) => r.path === '/live/1');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push?.headers['authorization'])).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    const message = JSON.parse(ece.decrypt(push?.body ?? Buffer.alloc(0), { version: 'aes128gcm', privateKey: live.ecdh, authSecret: live.auth }).toString('utf8'));
    expect(message).toMatchObject({ title: 'Новый штраф', url: expect.stringMatching(/^http:\/\/localhost:4321\/fines\/\d+\/$/) });
    expect(message.body).toMatch(/₽$/);

    const left = await api.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', account.userId).execute();
    expect(left.map((r) => r.endpoint)).toEqual([`${service.url}/live/1`]);
  });
});
