import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 12: /fine-analytics/ charts the fleet's fines (a vehicle with three fines, from the sandbox's pinned fixtures).

test('the fleet analytics show the totals, the savings and four bar charts, at 390 px', async ({ page, request }) => {
  const { session, organizationId, headers } = await newCompany(request, `analytics-${Date.now()}@example.ru`);
  const added = await request.post(`/105/api/organization/${organizationId}/vehicles`, { headers, form: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
  expect(added.ok()).toBe(true);
  await storeSession(page, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/organization/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Аналитика штрафов' }).click();
  await expect(page).toHaveURL(/\/fine-analytics\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Аналитика штрафов автопарка' })).toBeVisible();
  await expect(page.getByText(/^Всего: 3\sштрафа на\s/)).toBeVisible();
  await expect(page.getByText(/^Сэкономлено на скидках: /)).toBeVisible();
  for (const title of ['По месяцам', 'По статьям КоАП', 'По автомобилям', 'По водителям']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'По автомобилям' }).getByRole('listitem')).toHaveText([/^А1\*\*ВС 77\s*3\sштрафа · [\d\s ]+,\d{2}\s₽$/]);
  await expect(page.getByRole('region', { name: 'По статьям КоАП' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'По водителям' })).toContainText('Штрафов нет.');
  // One organization chosen: the same figures (it is the only one).
  await page.getByLabel('Организация').selectOption({ index: 1 });
  await expect(page.getByText(/^Всего: 3\sштрафа на\s/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
