import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hydrated, searchByPlateAndSts } from '../search/fixtures.ts';
import { carWithUnpaidFines, expectAccessible } from './helpers.ts';

// Issue 24, "Done when": a driver who pays, at 390 and 1440 px — landing → search → pay → Back from the
// gateway → the fine offers «Продолжить оплату» / «Отменить и оплатить заново» → pay again → the wait
// page (readable, never a flash) → success and its link back; then the same driver, returning, pays the
// next fine in four taps with nothing typed, from «Недавние проверки» on the landing page.

const FIO = 'Петров Пётр Петрович';

/** The list's cards of unpaid fines. */
const unpaidCards = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Не оплачен' });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Back from the bank never locks the fine: continue on the same page, or cancel and pay again; a returning payer pays in four taps', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { car } = await carWithUnpaidFines(request, 2);
      const email = `journey-${viewport.width}-${Date.now()}@example.ru`;

      // Landing → search → the list shows the commission beside each amount, before any checkout.
      await page.goto('/');
      await hydrated(page);
      await searchByPlateAndSts(page, car);
      await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
      await hydrated(page);
      const listUrl = page.url();
      const first = unpaidCards(page).first();
      await expect(first.getByText(/^\+ комиссия \d[\d\s]*(,\d{2})?\s₽$/)).toBeVisible();
      await first.getByRole('link', { name: 'Оплатить', exact: true }).click();

      // The checkout: one card option, the service picks the gateway.
      await expect(page).toHaveURL(/\/prepayment\/\?fineIds=\d+$/);
      const checkoutUrl = page.url();
      const fineId = new URL(checkoutUrl).searchParams.get('fineIds') ?? '';
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'Оплата штрафа' })).toBeVisible();
      await expect(page.getByText('Банковская карта', { exact: true })).toBeVisible();
      // One card option (the service picks the gateway, issue 24), and СБП beside it (issue 25).
      await expect(page.getByRole('radio')).toHaveCount(2);
      await expect(page.getByRole('radio', { name: /Банковская карта/ })).toBeChecked();
      await page.getByLabel('ФИО плательщика').fill(FIO);
      await page.getByLabel('E-mail для квитанции').fill(email);
      const total = ((await page.getByRole('button', { name: /^Оплатить \d/ }).textContent()) ?? '').replace('Оплатить ', '');
      await page.getByRole('button', { name: /^Оплатить \d/ }).click();
      await expect(page).toHaveURL(/\/105\/sandbox-gateway\/moneta\/assistant\?/);
      const gatewayUrl = page.url();
      await expect(page.getByText(total, { exact: true })).toBeVisible();

      // Back from the bank: the checkout offers to continue or to start again, and says how long the bank may still answer.
      await page.goBack();
      await expect(page).toHaveURL(checkoutUrl);
      await expect(page.getByRole('heading', { name: 'Оплата уже начата' })).toBeVisible();
      await expect(page.getByText(/Платёж ждёт подтверждения банка ещё (19|20)\sмин/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Отменить и оплатить заново' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Оплатить \d/ })).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Продолжить оплату' }).click();
      await expect(page).toHaveURL(gatewayUrl);

      // Back again, then the fine's own page (as after closing the tab and coming back): the same choice.
      await page.goBack();
      await page.goto(listUrl);
      await hydrated(page);
      await page.locator(`a.fine-card__more[href*="/fines/${fineId}/"]`).click();
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'Оплата уже начата' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Продолжить оплату' })).toHaveAttribute('href', gatewayUrl);
      await expect(page.getByRole('link', { name: /^Оплатить \d/ })).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Отменить и оплатить заново' }).click();

      // Pay again: the checkout knows the payer, nothing to type; the old payment is gone.
      await expect(page).toHaveURL(checkoutUrl);
      await hydrated(page);
      await expect(page.getByLabel('ФИО плательщика')).toHaveValue(FIO);
      await expect(page.getByLabel('E-mail для квитанции')).toHaveValue(email);
      await expect(page.getByRole('heading', { name: 'Оплата уже начата' })).toHaveCount(0);
      await page.getByRole('button', { name: /^Оплатить \d/ }).click();
      await expect(page).toHaveURL(/\/105\/sandbox-gateway\/moneta\/assistant\?/);
      expect(page.url()).not.toBe(gatewayUrl);
      // The moment the wait page first shows «Проверяем оплату», by the browser's own clock: the test
      // runner sees it later than the page does, the later the busier the machine.
      await page.addInitScript(() => {
        if (!window.location.pathname.startsWith('/prepayment/wait/')) return;
        const observer = new MutationObserver(() => {
          if (!document.body?.textContent?.includes('Проверяем оплату')) return;
          window.sessionStorage.setItem('waitShownAt', String(performance.timeOrigin + performance.now()));
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Оплатить сохранённой картой •• 1111' }).click();

      // The wait page: its state stays readable (checking, then the bank's answer), then the receipt page.
      await expect(page).toHaveURL(/\/prepayment\/wait\/\?paymentId=[0-9a-f]{32}$/);
      await expect(page.getByRole('heading', { name: 'Проверяем оплату' })).toBeVisible();
      await expect(page.getByRole('list').filter({ hasText: 'Банк подтверждает списание' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible({ timeout: 10_000 });
      await expect(page.getByRole('status')).toHaveText('Банк подтвердил оплату. Открываем квитанцию…');
      await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 10_000 });
      // From the first «Проверяем оплату» to the receipt page's navigation, both by the browser's clock.
      const [shownAt, receiptAt] = await page.evaluate(() => [window.sessionStorage.getItem('waitShownAt'), performance.timeOrigin] as const);
      expect(shownAt).toMatch(/^\d+(\.\d+)?$/);
      expect(receiptAt - Number(shownAt)).toBeGreaterThanOrEqual(2_900);
      await expect(page.getByRole('heading', { name: 'Штраф оплачен' })).toBeVisible();
      await expectAccessible(page);

      // «К штрафам»: the same list, the paid fine marked and below the unpaid ones.
      await page.getByRole('link', { name: 'К штрафам' }).click();
      await expect(page).toHaveURL(`${listUrl}&paid=${fineId}`);
      await hydrated(page);
      const paidCard = page.getByRole('listitem').filter({ has: page.locator(`a[href="/fines/${fineId}/"]`) });
      await expect(paidCard.getByText('Оплачен только что', { exact: true })).toBeVisible();
      const badges = await page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).locator('.badge').allTextContents();
      expect(badges.indexOf('Оплачен только что')).toBeGreaterThan(badges.lastIndexOf('Не оплачен'));

      // A returning payer: from the landing page to «Оплачен» in four taps, nothing typed.
      await page.goto('/');
      await hydrated(page);
      await page.getByRole('region', { name: 'Недавние проверки' }).getByRole('button', { name: /^Проверить ещё раз/ }).first().click(); // tap 1
      await expect(page).toHaveURL(listUrl);
      await hydrated(page);
      const next = unpaidCards(page).first();
      await next.getByRole('link', { name: 'Оплатить', exact: true }).click(); // tap 2
      await hydrated(page);
      await expect(page.getByLabel('ФИО плательщика')).toHaveValue(FIO);
      await expect(page.getByLabel('E-mail для квитанции')).toHaveValue(email);
      await page.getByRole('button', { name: /^Оплатить \d/ }).click(); // tap 3
      await page.getByRole('button', { name: 'Оплатить сохранённой картой •• 1111' }).click(); // tap 4
      await expect(page.getByRole('heading', { name: 'Штраф оплачен' })).toBeVisible({ timeout: 15_000 });
    });
  });
}
