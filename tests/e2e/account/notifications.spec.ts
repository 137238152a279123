import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail, waitForMails } from './mailbox.ts';

type Session = { userId: number; session: string; rand: string; salt: string };

/** An account made through the API as the site makes it: anonymous user, registration, the mailed link. */
async function account(request: APIRequestContext, email: string): Promise<Session> {
  const { response: client } = await (await request.get('/105/api/client')).json();
  const { response: anonymous } = await (await request.post('/105/api/newuser', { form: { clientId: client.clientId } })).json();
  await request.post('/105/api/user/register', { form: { email }, headers: headers(anonymous) });
  const token = new URL(linkIn(await waitForMail(email)), 'http://x').searchParams.get('token') ?? '';
  return (await (await request.post('/105/api/login', { form: { _token: token } })).json()).response as Session;
}
const headers = (s: Session) => ({ 'X-Session': s.session, 'X-Rand': s.rand, 'X-User-Id': String(s.userId) });
/**
 * A vehicle of this run only: the sandbox control adds a ruling to it, which must not show up in the
 * other tests' pinned documents (they count their fines).
 */
const serial = String(Date.now() % 1_000_000).padStart(6, '0');
const sts = { sts: `78ТЕ${serial}`, vehiclePlateNumber: `Т${serial.slice(0, 3)}ЕС`, vehiclePlateRegion: '178' };

test('a new fine is mailed; its unsubscribe link turns notifications off, and back on', async ({ page, request }) => {
  const email = `notify-${Date.now()}@example.ru`;
  const session = await account(request, email);
  await request.post('/105/api/sts', { form: sts, headers: headers(session) });
  await page.waitForTimeout(2_100); // the sandbox checks a new document for 2 s
  await request.get('/api/ordinances/get/all', { headers: headers(session) });
  await request.post('/105/api/sandbox/recheck');
  await request.post('/105/api/sandbox/fines', { form: { type: 'sts', ...sts } });
  await request.post('/105/api/sandbox/recheck');
  const [mail] = await waitForMails(email, /^Новый штраф/);
  const unsubscribe = /\/email\/unsubscrib\/\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(unsubscribe).not.toBe('');

  await page.goto(unsubscribe);
  await expect(page.getByRole('status')).toHaveText(/^Готово: мы больше не будем присылать письма о новых штрафах/);
  await expect(page).toHaveURL(/\/email\/unsubscrib\/$/);
  expect((await (await request.get('/105/api/email', { headers: headers(session) })).json()).response.doNotify).toBe(0);
  await page.getByRole('button', { name: 'Подписаться снова' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Готово: письма о новых штрафах будут приходить/);
  expect((await (await request.get('/105/api/email', { headers: headers(session) })).json()).response.doNotify).toBe(1);

  await page.goto('/email/unsubscrib/?token=1.unsubscribe.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText('Ссылка повреждена или не от нас. Управлять уведомлениями можно в профиле');
});

test('the subscribe page without a link is an article, with nothing applied', async ({ page }) => {
  await page.goto('/email/subscribe/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Уведомления о штрафах на почту');
  await expect(page.locator('[data-notify-choice]')).toBeHidden();
});

test('/push/alerts/ subscribes this browser when permission is given, and unsubscribes it', async ({ page, context, request }) => {
  const email = `push-${Date.now()}@example.ru`;
  const session = await account(request, email);
  await context.grantPermissions(['notifications']);
  // Headless Chromium here cannot reach a real push service: the browser's PushManager answers with a
  // subscription of the shape a push service gives, everything else (permission, worker, API) is real.
  // The server keeps only endpoints on public addresses and the test machine has no DNS for made-up
  // names, so the endpoint is a public address itself (nothing is ever pushed to it: no fines here).
  await page.addInitScript(() => {
    const fake = {
      endpoint: `https://93.184.215.14/send/${Math.random().toString(36).slice(2)}`,
      toJSON() {
        return { endpoint: this.endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
      },
      unsubscribe: async () => true,
    };
    let current: typeof fake | null = null;
    PushManager.prototype.subscribe = async function () {
      current = fake;
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as unknown as PushSubscription | null;
    };
  });
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('authData', JSON.stringify({ web: { clientId: '', salt: s.salt, rand: s.rand, userId: String(s.userId), session: s.session }, chromeExtension: { clientId: '', salt: '', rand: '', userId: '', session: '' } }));
    localStorage.setItem('profile', JSON.stringify({ userId: String(s.userId), email: '', isWebUser: true, sessionExpired: false, name: '', userType: -1, hasPassword: false, doNotify: true, gender: '' }));
  }, session);
  await page.goto('/push/alerts/');
  await page.getByRole('button', { name: 'Включить уведомления' }).click();
  await expect(page.getByText(/^Уведомления включены:/)).toBeVisible();
  await page.getByRole('button', { name: 'Выключить в этом браузере' }).click();
  await expect(page.getByText('Уведомления в этом браузере выключены.')).toBeVisible();
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? '');
  expect(registered).toMatch(/\/push-sw\.js$/);
});
