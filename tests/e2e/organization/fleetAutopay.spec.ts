import { expect, test } from '@playwright/test';
import { hydrated, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 25 §1 for a fleet, at a phone's width: the owner of a paid organization is sent to the profile
// to bind a card, binds the sandbox test card, and turns «Автооплата штрафов автопарка» on and off in
// the cabinet; turning it off, with nothing else paid automatically, removes the card. (Scheduling, charging and the attacks are API tests: tests/api/autopay/fleet.test.ts.)

test.use({ viewport: { width: 390, height: 844 } });

test("the owner binds a card and turns the fleet's autopay on and off in the cabinet", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { session, organizationId, headers } = await newCompany(request, `fleet-autopay-${Date.now()}@example.ru`);
  const invoice = (await (await request.post(`/105/api/organization/${organizationId}/invoice`, { headers, form: { vehicles: '1', months: '12' } })).json()).response.invoice;
  expect((await (await request.post(`/105/api/sandbox/invoice/${invoice.hash}/pay`)).json()).response.outcome).toBe('paid');
  await storeSession(page, session);

  await page.goto('/organization/');
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Автооплата штрафов автопарка' });
  await expect(panel).toContainText('Сначала привяжите карту в профиле');
  await panel.getByRole('link', { name: 'Автооплата' }).click();
  await expect(page).toHaveURL(/\/profile\/autopay\/$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
  await page.getByLabel('Срок действия').fill('12/29');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page.getByRole('status')).toContainText('Карта привязана');

  await page.goto('/organization/');
  await hydrated(page);
  await expect(panel.getByText('411111******1111')).toBeVisible();
  await panel.getByLabel('Штраф не больше, ₽').fill('4000');
  await panel.getByLabel('В месяц не больше, ₽').fill('0');
  await panel.getByRole('button', { name: 'Включить автооплату автопарка' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Лимиты — целые суммы в рублях, от 1 ₽ до 1 000 000 ₽');
  await panel.getByLabel('В месяц не больше, ₽').fill('60000');
  await panel.getByRole('button', { name: 'Включить автооплату автопарка' }).click();
  await expect(panel.getByText(/Автооплата включена: штраф до 4\s000\s₽, в месяц до 60\s000\s₽/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // It stays on after a reload, and turns off.
  await page.reload();
  await hydrated(page);
  await expect(panel.getByText(/Автооплата включена/)).toBeVisible();
  await panel.getByRole('button', { name: 'Выключить' }).click();
  await expect(panel.getByText(/Автооплата включена/)).toHaveCount(0);
  // Nothing else was paid automatically: the card's token went too (as turning off the last document does).
  await expect(panel).toContainText('Сначала привяжите карту в профиле');
});
