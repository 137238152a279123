import { expect, test } from '@playwright/test';
import { anonymousRuling, finesWord, hydrated, licenceWithFines, searchByPlateAndSts, stsWithFines, stsWithoutFines, vinWithFines } from './fixtures.ts';

test.describe('fine search by each tab, with the sandbox’s pinned documents', () => {
  test('plate + СТС on / shows the list with the plural count, amounts and discount deadline', async ({ page }) => {
    const { subject, document } = stsWithFines;
    await page.goto('/');
    await hydrated(page);
    await searchByPlateAndSts(page, document);
    await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
    await expect(page.getByText(finesWord(subject.fines.length), { exact: true })).toBeVisible();
    await expect(page.getByText('Обновлено: только что')).toBeVisible();
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(subject.fines.length);
    await expect(page.getByText(/^Скидка 25 % до \d{1,2} [а-я]+( \d{4})?$/).first()).toBeVisible();
    await expect(page.getByText(/\d[\d\u00a0]*,\d{2}\u00a0₽/).first()).toBeVisible();
    await expect(cards.first().getByRole('link', { name: 'Подробнее' })).toHaveAttribute('href', /^\/fines\/\d+\/$/);
    // The session travels in headers: nothing of it is in the address.
    expect(page.url()).not.toMatch(/session|rand|userId/);
  });

  test('the СТС tab asks for the plate when the СТС is new to this browser', async ({ page }) => {
    const { subject, document } = stsWithFines;
    await page.goto('/po-sts/');
    await expect(page.getByRole('tab', { name: 'СТС', exact: true })).toHaveAttribute('aria-selected', 'true');
    await hydrated(page);
    await page.getByLabel('Номер СТС').fill(document.sts);
    await page.getByRole('button', { name: 'Найти штрафы' }).click();
    await expect(page.getByText(/Укажите госномер автомобиля/)).toBeVisible();
    await expect(page.getByLabel('Госномер', { exact: true })).toBeFocused();
    await page.getByLabel('Госномер', { exact: true }).fill(document.plateNumber);
    await page.getByLabel('Регион').fill(document.plateRegion);
    await page.getByLabel('Регион').press('Enter');
    await expect(page.getByText(finesWord(subject.fines.length), { exact: true })).toBeVisible();

    // Now the СТС is known: the number alone is enough.
    await page.goto('/po-sts/');
    await hydrated(page);
    await page.getByLabel('Номер СТС').fill(document.sts);
    await page.getByLabel('Номер СТС').press('Enter');
    await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
  });

  test('driver licence on /po-pravam/ shows paid and unpaid fines', async ({ page }) => {
    const { subject, document } = licenceWithFines;
    await page.goto('/po-pravam/');
    await expect(page.getByRole('tab', { name: 'Права' })).toHaveAttribute('aria-selected', 'true');
    await hydrated(page);
    await page.getByLabel('Номер водительского удостоверения').fill(document.driverLicense);
    await page.getByRole('button', { name: 'Найти штрафы' }).click();
    await expect(page).toHaveURL(/\/fines\/\?dl=\d+$/);
    await expect(page.getByText(finesWord(subject.fines.length), { exact: true })).toBeVisible();
    if (subject.fines.some((f) => f.paidDaysAfter !== null)) await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
    if (subject.fines.some((f) => f.paidDaysAfter === null)) await expect(page.getByText('Не оплачен', { exact: true }).first()).toBeVisible();
  });

  test('VIN on /po-vin/ goes to the list by car', async ({ page }) => {
    const { subject, document } = vinWithFines;
    await page.goto('/po-vin/');
    await hydrated(page);
    await page.getByLabel('VIN').fill(document.vin.toLowerCase());
    await page.getByRole('button', { name: 'Найти штрафы' }).click();
    await expect(page).toHaveURL(`/fines/?car=${document.vin}`);
    // The heading names the car as people know it (issue 24, item 13): the plate its fines show, then the VIN.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^[А-Я0-9]+ \\d{2,3} · VIN ${document.vin}$`));
    await expect(page.getByText(finesWord(subject.fines.length), { exact: true })).toBeVisible();
  });

  test('УИН on /po-nomeru-postanovleniya/ finds the ruling without a session and writes no authData', async ({ page }) => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), headers: request.headers() }));
    await page.goto('/po-nomeru-postanovleniya/');
    await expect(page.getByRole('tab', { name: 'Постановление (УИН)' })).toHaveAttribute('aria-selected', 'true');
    await hydrated(page);
    await page.getByLabel('Номер постановления (УИН)').fill(anonymousRuling.fine.uin);
    await page.getByRole('button', { name: 'Найти штрафы' }).click();
    await expect(page).toHaveURL(`/fines/?uin=${anonymousRuling.fine.uin}`);
    await expect(page.getByText(finesWord(1), { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authData'))).toBeNull();
    expect(requests.some((r) => /\/105\/api\/(client|newuser)/.test(r.url))).toBe(false);
    expect(requests.some((r) => 'x-session' in r.headers)).toBe(false);

    // Without a session the fine opens on its public page, photo included.
    await page.getByRole('link', { name: 'Подробнее' }).click();
    await expect(page).toHaveURL(/\/fines\/info\/[A-Za-z0-9_-]{22}\/$/);
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'white-empty');
    await expect(page.getByText(`Постановление № ${anonymousRuling.fine.uin}`, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: /открыть фото 1 из/ })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('authData'))).toBeNull();
  });

  test('a document without fines shows the empty state that says so', async ({ page }) => {
    await page.goto('/sts-grz/');
    await hydrated(page);
    await searchByPlateAndSts(page, stsWithoutFines.document);
    await expect(page.getByRole('heading', { name: 'Штрафов не найдено' })).toBeVisible();
    await expect(page.getByText(finesWord(0), { exact: true })).toBeVisible();
    await expect(page.getByText(/нет ни одного постановления/)).toBeVisible();
  });

  test('each landing page opens the tab its name promises', async ({ page }) => {
    const pages: [string, string][] = [
      ['/landing/grz/', 'Госномер и СТС'],
      ['/sts-grz/', 'Госномер и СТС'],
      ['/po-sts/', 'СТС'],
      ['/po-pravam/', 'Права'],
      ['/po-vin/', 'VIN'],
      ['/po-nomeru-postanovleniya/', 'Постановление (УИН)'],
    ];
    for (const [path, tab] of pages) {
      await page.goto(path);
      await expect(page.getByRole('tab', { selected: true }), path).toHaveText(tab);
    }
  });
});
