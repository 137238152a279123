import { expect, test } from '@playwright/test';
import { address, hydrated, newAccount, newVisitor, storeSession } from './session.ts';

test('the team dashboard shows today’s screens and funnel to the team, and “not found” to anyone else', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  // A visitor's day, as the page's sender reports it.
  const visitor = await newVisitor(request);
  const events = [
    { type: 'screen', screenName: 'main' },
    { type: 'form', formName: 'search', formData: { tab: 'sts' } },
    { type: 'event', event: 'searchResult', params: { by: 'sts', found: 2 } },
    { type: 'screen', screenName: 'fines' },
  ];
  const sent = await request.post('/105/api/tracking/batch', { data: { trackingId: crypto.randomUUID(), userId: String(visitor.userId), session: visitor.session, events } });
  expect(sent.status()).toBe(200);

  const admin = await newAccount(request, 'team-analytics@example.ru');
  await storeSession(page, admin);
  await page.goto('/admin/analytics/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Аналитика' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(table.getByRole('rowheader', { name: today })).toBeVisible();
  await page.getByRole('button', { name: '7 дней' }).click();
  await expect(page.getByRole('button', { name: '7 дней' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('rowheader', { name: today })).toBeVisible();

  const other = await browser.newPage();
  await storeSession(other, await newAccount(request, address('not-team')));
  await other.goto('/admin/analytics/');
  await expect(other.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(other.getByRole('table')).toHaveCount(0);
  await other.close();
});
