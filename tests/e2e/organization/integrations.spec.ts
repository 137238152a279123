import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 26 §4 at 1440 px: the owner of a paid organization creates an API key (shown once), calls the
// API with it, registers a webhook (its secret shown once), sends a test event and sees it delivered.

/** Marks the organization paid through the test server's loopback control (tests/e2e/serve.ts). */
async function markPaid(organizationId: number): Promise<void> {
  const { port } = JSON.parse(readFileSync(join(process.env['DATA_DIR'] ?? '.data/e2e', 'control.json'), 'utf8')) as { port: number };
  const reply = await fetch(`http://127.0.0.1:${port}/organizations/${organizationId}/paid`, { method: 'POST' });
  expect(reply.ok).toBe(true);
}

test('a company creates an API key, registers a webhook and sees a delivery (1440 px)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { session, organizationId, headers } = await newCompany(request, `integrations-${Date.now()}@example.ru`);
  await request.post(`/105/api/organization/${organizationId}/vehicles`, { headers, form: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
  await storeSession(page, session);
  await page.setViewportSize({ width: 1440, height: 900 });

  // In the demo the section only says what a paid subscription gives.
  await page.goto('/organization/');
  await hydrated(page);
  const section = page.getByRole('region', { name: 'API и вебхуки' });
  await expect(section).toContainText('С оплаченной подпиской учётная система компании получает штрафы автопарка по API');
  await expect(section.getByRole('button', { name: 'Создать ключ' })).toHaveCount(0);

  await markPaid(organizationId);
  await page.reload();
  await hydrated(page);

  // A key: named, read-only, shown once.
  await section.getByLabel('Название ключа').fill('1С Бухгалтерия');
  await section.getByRole('button', { name: 'Создать ключ' }).click();
  const shown = section.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^shk_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent()) ?? '';
  await expect(section.getByText('скопируйте его сейчас: больше он не покажется')).toBeVisible();
  await section.getByRole('button', { name: 'Я сохранил ключ' }).click();
  await expect(shown).toHaveCount(0);
  const row = section.getByRole('row', { name: /1С Бухгалтерия/ });
  await expect(row).toContainText('Чтение');
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('не использовался');

  // The key reaches the fleet's calls; the cabinet then shows its last use.
  const vehicles = await request.get('/105/api/v1/vehicles', { headers: { Authorization: `Bearer ${key}` } });
  expect(vehicles.status()).toBe(200);
  expect((await vehicles.json()).response.items.map((v: { vehiclePlate: string }) => v.vehiclePlate)).toEqual(['А123ВС 77']);
  const write = await request.post('/105/api/v1/vehicles', { headers: { Authorization: `Bearer ${key}` }, form: { sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50' } });
  expect(write.status()).toBe(403);
  await page.reload();
  await hydrated(page);
  await expect(section.getByRole('row', { name: /1С Бухгалтерия/ })).not.toContainText('не использовался');

  // An internal address is refused; a public https one is registered, its secret shown once.
  await section.getByLabel('Адрес (https)').fill('https://127.0.0.1/hook');
  await section.getByRole('button', { name: 'Добавить вебхук' }).click();
  await expect(section.getByRole('alert')).toHaveText('Этот адрес недоступен: принимаются только адреса в интернете');
  await section.getByLabel('Адрес (https)').fill('https://hooks.example.com/shtrafy');
  await section.getByRole('checkbox', { name: /Скидка заканчивается/ }).check();
  await section.getByRole('button', { name: 'Добавить вебхук' }).click();
  await expect(section.getByTestId('new-webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await section.getByRole('button', { name: 'Я сохранил секрет' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/shtrafy' })).toContainText('Новый штраф, Штраф оплачен, Скидка заканчивается (за 3 дня)');

  // A test event goes out and is delivered to the receiver.
  await section.getByRole('button', { name: 'Проверить' }).click();
  const deliveries = section.getByRole('table', { name: 'Доставки событий' });
  await expect(async () => {
    await section.getByRole('button', { name: 'Обновить' }).click();
    await expect(deliveries.getByRole('row').nth(1)).toContainText('Доставлено, ответ 200', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(deliveries.getByRole('row').nth(1)).toContainText('Проверка');
  await deliveries.getByRole('button', { name: 'Отправить ещё раз' }).first().click();
  await expect(async () => {
    await section.getByRole('button', { name: 'Обновить' }).click();
    await expect(deliveries.getByRole('row')).toHaveCount(3, { timeout: 1000 });
    await expect(deliveries.getByRole('row').nth(1)).toContainText('(повторно)', { timeout: 1000 });
    await expect(deliveries.getByRole('row').nth(1)).toContainText('Доставлено, ответ 200', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  const axe = await new AxeBuilder({ page }).include('.integrations').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});

test('/developers/ describes keys, calls and webhooks with the signature check, and fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/developers/');
  for (const title of ['Ключи', 'Вызовы', 'Вебхуки', 'Проверка подписи']) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  for (const call of ['GET /v1/drivers', 'PATCH /v1/drivers/{id}', 'GET /v1/assignments', 'POST /v1/assignments', 'GET /v1/payment-registries/{id}/file?format=1c', 'POST /v1/payment-registries']) {
    await expect(page.getByRole('cell', { name: call }).first()).toBeVisible();
  }
  await expect(page.locator('pre').filter({ hasText: 'curl -H "Authorization: Bearer shk_' })).toHaveCount(1);
  await expect(page.locator('pre').filter({ hasText: "createHmac('sha256', secret)" })).toHaveCount(1);
  // The reference below hydrates when it comes into view; the calls by key say so.
  await page.getByRole('heading', { name: 'Все вызовы', exact: true }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 600);
  await expect(page.getByText('нужен API-ключ', { exact: true }).first()).toBeAttached({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
