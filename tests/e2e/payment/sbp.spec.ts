import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hydrated, searchByPlateAndSts } from '../search/fixtures.ts';
import { carWithUnpaidFines, expectAccessible } from './helpers.ts';

// Issue 25, "Done when": pay a fine by СБП — from the QR page on a computer (the phone that scans it is a
// second page opening the sandbox «bank app»), and by the bank's button on a phone — then see the
// fine's path to ГИС ГМП move: «Оплачено» → «Передано в ГИС ГМП» → «Учтено в ГИС ГМП» (the e2e server's
// sandbox source shows our payment after 5 s: GISGMP_SANDBOX_DELAY_SECONDS in tests/e2e/serve.ts).

/** Searches a car of its own, opens the checkout of its first unpaid fine, picks СБП and fills the payer; answers the fine's id. */
async function checkoutBySbp(page: Page, car: { sts: string; plateNumber: string; plateRegion: string }, email: string): Promise<string> {
  await page.goto('/');
  await hydrated(page);
  await searchByPlateAndSts(page, car);
  await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
  await hydrated(page);
  await page.getByRole('listitem').filter({ hasText: 'Не оплачен' }).first().getByRole('link', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(/\/prepayment\/\?fineIds=\d+$/);
  const fineId = new URL(page.url()).searchParams.get('fineIds') ?? '';
  await hydrated(page);
  await page.getByLabel('ФИО плательщика').fill('Петров Пётр Петрович');
  await page.getByLabel('E-mail для квитанции').fill(email);
  // The card's commission first; СБП's own commission is shown before paying, and the total follows it.
  const cardTotal = (await page.locator('.pay-totals__total dd').textContent()) ?? '';
  await page.getByRole('radio', { name: /СБП/ }).check();
  await expect(page.getByText(/^Комиссия сервиса при оплате по СБП \(1\s%, но не меньше 10\s₽\)$/)).toBeVisible();
  await expect(page.locator('.pay-totals__total dd')).not.toHaveText(cardTotal);
  const sbpTotal = (await page.locator('.pay-totals__total dd').textContent()) ?? '';
  await expectAccessible(page);
  await page.getByRole('button', { name: `Оплатить по СБП ${sbpTotal}` }).click();
  await expect(page).toHaveURL(/\/prepayment\/sbp\/\?paymentId=[0-9a-f]{32}$/);
  await hydrated(page);
  await expect(page.getByText(sbpTotal, { exact: true })).toBeVisible();
  return fineId;
}

/** In the sandbox «bank app»: the payee's amount, then pay. */
async function payInBank(page: Page, bankName: string) {
  await expect(page.getByText(`Тестовое приложение банка «${bankName}»`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
}

/** The fine's page shows the path, and it moves to «Учтено в ГИС ГМП» without a reload. */
async function expectPath(page: Page, fineId: string) {
  await page.goto(`/fines/${fineId}/`);
  await hydrated(page);
  const path = page.getByRole('region', { name: 'Путь платежа' });
  await expect(path).toBeVisible();
  await expect(path.locator('[data-step="paid"]')).toContainText(/Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(path.locator('[data-step="sent"]')).toContainText(/Передано в ГИС ГМП \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(path.locator('[data-step="sent"]')).toContainText(/Номер платежа \(УИП\) [0-9A-Z]{32}/);
  await expectAccessible(page);
  await expect(path.locator('[data-step="accounted"]')).toContainText(/Учтено в ГИС ГМП \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/, { timeout: 30_000 });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('pays by СБП from the QR page: the phone scans, the bank app pays, this page follows; then the path', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const { car } = await carWithUnpaidFines(request, 1);
    const fineId = await checkoutBySbp(page, car, `sbp-desk-${Date.now()}@example.ru`);
    const qr = page.getByRole('img', { name: 'QR-код для оплаты по СБП' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('data-payload')).toMatch(/^https:\/\/qr\.nspk\.ru\/AD1[A-Z0-9]{29}\?type=02&/);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect(page.getByRole('link', { name: 'Оплатить в приложении банка' })).toHaveCount(0);
    await expect(page.getByText(/Ссылка действует ещё 20\sмин/)).toBeVisible();
    await expectAccessible(page);
    // The "phone": the sandbox's bank app is what the QR code stands for.
    const bankUrl = (await page.getByRole('link', { name: 'открыть тестовое приложение банка' }).getAttribute('href')) ?? '';
    const phone = await context.newPage();
    await phone.goto(bankUrl);
    await payInBank(phone, 'Тестовый банк');
    await expect(phone).toHaveURL(/\/prepayment\/(wait|success)\//);
    await phone.close();
    // This page learns of the payment by itself and shows the outcome through the same wait page.
    await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Штраф оплачен' })).toBeVisible();
    await expectPath(page, fineId);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("pays by СБП with the bank's button on a phone, back to the receipt; then the path", async ({ page, request }) => {
    test.setTimeout(120_000);
    const { car } = await carWithUnpaidFines(request, 1);
    const fineId = await checkoutBySbp(page, car, `sbp-phone-${Date.now()}@example.ru`);
    await expect(page.getByRole('link', { name: 'Оплатить в приложении банка' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR-код для оплаты по СБП' })).toHaveCount(0);
    const banks = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Сбербанк' }) });
    await expect(banks.getByRole('link')).toHaveCount(10);
    await expectAccessible(page);
    await banks.getByRole('link', { name: 'Т-Банк' }).click();
    await payInBank(page, 'Т-Банк');
    // The bank's app returns the payer to the wait page, which opens the receipt.
    await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Штраф оплачен' })).toBeVisible();
    await expectPath(page, fineId);
  });
});
