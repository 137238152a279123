import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated } from '../search/fixtures.ts';

for (const width of [1440, 390]) {
  test(`/legal-entities/: the lead form checks its fields, sends the lead with the visit's marks, and says so (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/105/api/crm/lead')) sent.push(request.postData() ?? '');
    });
    await page.goto('/legal-entities/?utm_source=yandex&utm_campaign=fleet');
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'landing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Штрафы всего автопарка — в одном кабинете');
    await hydrated(page);
    await page.getByRole('button', { name: 'Оставить заявку' }).click();
    await expect(page.getByText('ИНН обязателен к заполнению')).toBeVisible();
    const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(sent).toEqual([]);
    await page.getByLabel('Как к вам обращаться').fill('Анна Смирнова');
    await page.getByLabel('Телефон').pressSequentially('9991234567');
    await expect(page.getByLabel('Телефон')).toHaveValue('+7 (999) 123-45-67');
    await page.getByLabel('E-mail').fill(`fleet-${width}@example.ru`);
    await page.getByLabel('ИНН организации').fill('7707083890');
    await page.getByRole('button', { name: 'Оставить заявку' }).click();
    await expect(page.getByText('Некорректный ИНН')).toBeVisible();
    await page.getByLabel('ИНН организации').fill('7707083893');
    await page.getByLabel(/^Автомобилей в автопарке/).fill('25');
    await page.getByRole('button', { name: 'Оставить заявку' }).click();
    await expect(page.getByRole('heading', { name: /^Заявка №\d+ принята$/ })).toBeVisible();
    const fields = new URLSearchParams(sent[0]);
    expect(Object.fromEntries(fields)).toMatchObject({ phone: '79991234567', inn: '7707083893', tag: 'legal-entities', countAuto: '25', utms: '{"utm_source":"yandex","utm_campaign":"fleet"}' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test('the business variants (layout empty) each carry their own heading and the lead form; /b2b-promo/ sends its tag and decoded marks', async ({ page }) => {
  for (const [path, heading] of [
    ['/b2b/', 'Контроль штрафов автопарка'],
    ['/b2b-new/', 'Подключите автопарк за один день'],
    ['/b2b-autopayment/', 'Штрафы автопарка — без ручной оплаты'],
    ['/forms/keyauto/', 'Кабинет штрафов для корпоративных клиентов партнёра'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'empty');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByLabel('ИНН организации')).toBeVisible();
  }
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/105/api/crm/lead')) sent.push(request.postData() ?? '');
  });
  await page.goto('/b2b-promo/?utm_source=mail%26x&utm_medium=email');
  await hydrated(page);
  await page.getByLabel('Как к вам обращаться').fill('Олег');
  await page.getByLabel('Телефон').pressSequentially('9161112233');
  await page.getByLabel('E-mail').fill('oleg@fleet.example');
  await page.getByLabel('ИНН организации').fill('7707083893');
  await page.getByRole('button', { name: 'Получить демодоступ' }).click();
  await expect(page.getByRole('heading', { name: /^Заявка №\d+ принята$/ })).toBeVisible();
  const fields = Object.fromEntries(new URLSearchParams(sent[0]));
  expect(fields).toMatchObject({ tag: 'b2b-promo', phone: '79161112233' });
  expect(JSON.parse(fields['utms'] ?? '{}')).toMatchObject({ utm_medium: 'email' });
});
