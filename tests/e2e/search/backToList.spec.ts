import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hydrated, licenceWithFines, searchByPlateAndSts, stsWithFines } from './fixtures.ts';

// Issue 24: the results title (item 13), «Недавние проверки» (item 2), the fine page's truth about
// its payment term (item 12), and «К штрафам» after a paid fine (item 2), at 390 and 1440 px.

/** The pinned car as people know it: «А123ВС 77 · СТС 99 41 123456». */
const carTitle = (doc: { plateNumber: string; plateRegion: string; sts: string }) => `${doc.plateNumber} ${doc.plateRegion} · СТС ${doc.sts.slice(0, 2)} ${doc.sts.slice(2, 4)} ${doc.sts.slice(4)}`;

/** The fine cards of the list, in order. */
const cards = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });

/** The session the page's search made (stored by the site in local storage). */
async function pageSession(page: Page): Promise<Record<string, string>> {
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web as { session: string; rand: string; userId: string });
  return { 'X-Session': auth.session, 'X-Rand': auth.rand, 'X-User-Id': auth.userId };
}

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test.describe(`back to the list, at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the title names the car, unpaid fines come first, and «Недавние проверки» search again with one tap', async ({ page }) => {
      test.setTimeout(60_000);
      const car = stsWithFines.document;
      await page.goto('/');
      await hydrated(page);
      // A first visit remembers nothing.
      await expect(page.getByRole('heading', { name: 'Недавние проверки' })).toHaveCount(0);
      await searchByPlateAndSts(page, car);
      await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(carTitle(car));
      await expect(page.getByText('Штрафы автомобиля', { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(stsWithFines.subject.fines.length);
      // Articles read as a ruling writes them (item 11).
      await expect(page.getByText(/^ч\. \d+ ст\. 12\.\d+ КоАП РФ$/).first()).toBeVisible();
      await expect(page.getByText(/ст\. 12\.\d+\.\d+/)).toHaveCount(0);

      // A licence with a paid and an unpaid fine: the unpaid one first.
      await page.goto('/po-pravam/');
      await hydrated(page);
      await page.getByLabel('Номер водительского удостоверения').fill(licenceWithFines.document.driverLicense);
      await page.getByRole('button', { name: 'Найти штрафы' }).click();
      await expect(page).toHaveURL(/\/fines\/\?dl=\d+$/);
      const licence = licenceWithFines.document.driverLicense;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`ВУ ${licence.slice(0, 2)} ${licence.slice(2, 4)} ${licence.slice(4)}`);
      await expect(cards(page)).toHaveCount(licenceWithFines.subject.fines.length);
      const badges = await cards(page).locator('.badge').allTextContents();
      expect(badges).toEqual([...badges].sort((a, b) => Number(a.startsWith('Оплачен')) - Number(b.startsWith('Оплачен'))));
      expect(badges[0]).toBe('Не оплачен');

      // Back on the form: both documents, newest first, one tap each.
      await page.goto('/');
      await hydrated(page);
      const recent = page.getByRole('region', { name: 'Недавние проверки' });
      await expect(recent.getByRole('button', { name: /^Проверить ещё раз/ })).toHaveText([`ВУ ${licence.slice(0, 2)} ${licence.slice(2, 4)} ${licence.slice(4)}`, carTitle(car)]);
      // Never sent anywhere: kept in this browser's storage only.
      expect(await page.evaluate(() => localStorage.getItem('recentChecks'))).toContain(car.sts);
      await recent.getByRole('button', { name: `Проверить ещё раз: ${carTitle(car)}` }).click();
      await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(carTitle(car));

      // A document can be forgotten, and stays forgotten.
      await page.goto('/');
      await hydrated(page);
      await recent.getByRole('button', { name: /^Убрать из недавних: ВУ/ }).click();
      await expect(recent.getByRole('button', { name: /^Проверить ещё раз/ })).toHaveText([carTitle(car)]);
      await page.reload();
      await hydrated(page);
      await expect(recent.getByRole('button', { name: /^Проверить ещё раз/ })).toHaveText([carTitle(car)]);
    });

    test('a fine past its payment term says so in red, with the consequence and what to do; no grey map, no «камер рядом нет»', async ({ page }) => {
      const car = stsWithFines.document;
      await page.goto('/');
      await hydrated(page);
      await searchByPlateAndSts(page, car);
      await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
      // The pinned МАДИ ruling is 150 days old: its 60 days after entering into force are over.
      const overdue = cards(page).filter({ hasText: 'ч. 5 ст. 12.16 КоАП РФ' });
      await expect(overdue.getByText('Срок оплаты истёк')).toBeVisible();
      await overdue.getByRole('link', { name: 'Подробнее' }).click();
      await hydrated(page);
      const note = page.getByRole('note', { name: 'Срок оплаты истёк' });
      await expect(note).toBeVisible();
      await expect(note).toContainText('ч. 1 ст. 20.25 КоАП РФ');
      await expect(note).toContainText('арест до 15 суток');
      await expect(note).toContainText('обязательные работы до 50 часов');
      await expect(note).toContainText('сохраните квитанцию');
      await expect(note.getByRole('heading', { name: 'Срок оплаты истёк' })).toHaveCSS('color', 'rgb(198, 40, 40)');
      await expect(page.getByText(/срок истекает не ранее/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Оплатить \d/ })).toBeVisible();
      // A camera's ruling with its photo: no empty grey map box and no «камер рядом нет» beside the photo.
      await expect(page.getByRole('button', { name: /открыть фото 1 из/ })).toBeVisible({ timeout: 15_000 });
      // The small map is never an empty grey box: without tiles it draws our own land and roads (item 14).
      await expect(page.getByRole('img', { name: /^Место нарушения на карте/ }).locator('.place-map__land')).toHaveAttribute('d', /^M.+Z/, { timeout: 15_000 });
      await expect(page.getByRole('link', { name: 'Открыть на карте камер' })).toBeVisible();
      await expect(page.getByText(/в нашей базе нет/)).toHaveCount(0);

      // A fresh ruling is still in time: its last day, never the red note (the licence's inspector
      // ruling, so that no other test's first look at a camera's photos is taken here).
      await page.goto('/po-pravam/');
      await hydrated(page);
      await page.getByLabel('Номер водительского удостоверения').fill(licenceWithFines.document.driverLicense);
      await page.getByRole('button', { name: 'Найти штрафы' }).click();
      await cards(page).filter({ hasText: 'Не оплачен' }).first().getByRole('link', { name: 'Подробнее' }).click();
      await hydrated(page);
      await expect(page.getByText(/срок истекает не ранее \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
      await expect(page.getByRole('note', { name: 'Срок оплаты истёк' })).toHaveCount(0);
    });

    test('«К штрафам» after a paid fine opens the same list, the paid fine marked and below the unpaid ones', async ({ page, request }) => {
      test.setTimeout(90_000);
      // A sandbox car of its own with two unpaid fines or more, so paying never changes the pinned fixtures.
      let found: { sts: string; plateNumber: string; plateRegion: string } | undefined;
      for (let attempt = 0; attempt < 40 && found === undefined; attempt += 1) {
        const candidate = { sts: `78${String(10 + attempt)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, plateNumber: `Е${String(100 + Math.floor(Math.random() * 899))}КХ`, plateRegion: '98' };
        await page.goto('/');
        await hydrated(page);
        await searchByPlateAndSts(page, candidate);
        await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
        await expect(page.getByText(/^Обновлено:/)).toBeVisible();
        if ((await cards(page).filter({ hasText: 'Не оплачен' }).count()) >= 2) found = candidate;
      }
      expect(found).toBeDefined();
      const listUrl = new URL(page.url()).pathname + new URL(page.url()).search;
      const first = cards(page).filter({ hasText: 'Не оплачен' }).first();
      const fineId = Number(/\/fines\/(\d+)\//.exec((await first.getByRole('link', { name: 'Подробнее' }).getAttribute('href')) ?? '')?.[1]);

      // The payment itself, minimally: started through the API with this browser's session, paid on the sandbox's card page.
      const started = await request.post('/105/api/payment', {
        headers: await pageSession(page),
        form: { fineId: String(fineId), paymentSystem: 'moneta', email: `back-${Date.now()}@example.ru`, fio: 'Петров Пётр Петрович' },
      });
      expect(started.ok()).toBe(true);
      await page.goto((await started.json()).response.redirectUrl as string);
      await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
      await page.getByLabel('Срок действия').fill('12/30');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Оплатить \d/ }).click();
      await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 20_000 });
      await hydrated(page);

      await page.getByRole('link', { name: 'К штрафам' }).click();
      await expect(page).toHaveURL(`${listUrl}&paid=${fineId}`);
      await expect(page.getByRole('status').filter({ hasText: 'Штраф оплачен — он отмечен в списке.' })).toBeVisible();
      const paid = cards(page).filter({ has: page.locator(`a[href="/fines/${fineId}/"]`) });
      await expect(paid.getByText('Оплачен только что', { exact: true })).toBeVisible();
      const badges = await cards(page).locator('.badge').allTextContents();
      expect(badges.indexOf('Оплачен только что')).toBeGreaterThan(badges.lastIndexOf('Не оплачен'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(carTitle(found ?? { sts: '', plateNumber: '', plateRegion: '' }));
    });
  });
}
