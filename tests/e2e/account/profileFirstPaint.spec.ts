import { expect, test } from '@playwright/test';
import { address, hydrated, newAccount, storeSession } from '../platform/session.ts';
import type { Session } from '../platform/session.ts';
import { stsWithFines } from '../search/fixtures.ts';

// Issue 27: the profile's first fines are painted by the page's inline script as soon as the API
// answers, before the island's code has loaded; the island then shows the cabinet in their place.

const headers = (s: Session) => ({ 'X-Session': s.session, 'X-Rand': s.rand, 'X-User-Id': String(s.userId) });

test('the profile’s first fines are painted before its island loads, and the cabinet replaces them', async ({ page, request }) => {
  const session = await newAccount(request, address('profile-paint'));
  const doc = stsWithFines.document;
  expect((await request.post('/105/api/sts', { form: { sts: doc.sts, vehiclePlateNumber: doc.plateNumber, vehiclePlateRegion: doc.plateRegion }, headers: headers(session) })).status()).toBe(200);
  // The first look at a new document waits for the source: the list is read once it has answered.
  let titles: string[] = [];
  await expect
    .poll(
      async () => {
        const reply = (await (await request.get('/api/ordinances/get/all?page=1&showBy=50', { headers: headers(session) })).json()).response as { items: { title: string }[]; isWait?: true };
        titles = reply.items.map((item) => item.title);
        return reply.isWait !== true && titles.length > 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await storeSession(page, session);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ProfilePage\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/profile/', { waitUntil: 'commit' });
  const shell = page.locator('#profile-shell');
  await expect(shell.getByRole('status')).toHaveText(/Открываем профиль…/);
  await expect(shell.locator('.ordinance__title')).toHaveText(titles.slice(0, 5));
  await expect(shell.locator('.ordinance__sum strong').first()).toHaveText(/^[\d\u00a0]+,\d{2}\u00a0₽$/);
  await expect(page.locator('astro-island[component-url*="ProfilePage"]')).toHaveAttribute('ssr', '');

  release();
  await hydrated(page);
  await expect(page.locator('#profile-shell')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('.ordinance__title').first()).toHaveText(titles[0] ?? '');
});

test('a visitor without a session sees no painted list and is sent to sign in', async ({ page }) => {
  await page.goto('/profile/');
  await expect(page).toHaveURL(/\/auth\/\?back=%2Fprofile%2F/);
});
