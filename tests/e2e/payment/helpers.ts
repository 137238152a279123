import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

// What the payment journeys share: a sandbox car of their own, the accessibility check, the sandbox card page.

/** A sandbox car of its own (so paying never changes the pinned fixtures other tests read) with at least `min` unpaid fines. */
export async function carWithUnpaidFines(request: APIRequestContext, min: number) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const clientId = (await (await request.get('/105/api/client')).json()).response.clientId as string;
    const user = (await (await request.post('/105/api/newuser', { form: { clientId, channel: 'fine' } })).json()).response;
    const headers = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
    const car = { sts: `78${String(10 + attempt)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, plateNumber: `Е${String(100 + Math.floor(Math.random() * 899))}КХ`, plateRegion: '98' };
    const added = await request.post('/105/api/sts', { headers, form: { sts: car.sts, vehiclePlateNumber: car.plateNumber, vehiclePlateRegion: car.plateRegion } });
    if (!added.ok()) continue;
    const stsId = (await added.json()).response.item.id as number;
    const fines = (await (await request.get(`/105/api/fineList/by/sts/${stsId}`, { headers })).json()).response.fines as { paid: boolean; uin: string }[];
    const unpaid = fines.filter((fine) => !fine.paid);
    if (unpaid.length >= min) return { car, uins: unpaid.map((fine) => fine.uin), ids: (fines as unknown as { id: number; paid: boolean }[]).filter((f) => !f.paid).map((f) => f.id), user };
  }
  throw new Error(`no sandbox car with ${min} unpaid fines`);
}

/** No serious or critical axe-core violation on the page, and nothing scrolls sideways. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(bad, page.url()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), page.url()).toBeLessThanOrEqual(0);
}

/** Fills the sandbox gateway's card form and pays. */
export async function payWithCard(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
}

