import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from '../account/mailbox.ts';

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** An XLSX of `count` vehicles with a header row, as a fleet manager exports it. */
async function fleetFile(count: number): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Автопарк');
  sheet.addRow(['Госномер', 'Регион', 'СТС', 'Марка']);
  for (let i = 0; i < count; i++) sheet.addRow([`А${String(100 + i)}ВС`, '77', `77 АВ ${String(300000 + i)}`, i % 2 === 0 ? 'ГАЗель Next' : 'Lada Largus']);
  const path = join(tmpdir(), `fleet-${Date.now()}-${count}.xlsx`);
  await workbook.xlsx.writeFile(path);
  return path;
}

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test(`a company signs up, adds its organization by ИНН, imports 20 vehicles and sees masked demo fines (${viewport.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = `company-${viewport.width}-${Date.now()}@example.ru`;
    // Sent to the cabinet without an account: registration as an organization, and back.
    await page.goto('/organization/');
    await expect(page).toHaveURL(/\/auth\/\?mode=register&userType=3&back=%2Forganization%2F$/);
    await ready(page);
    await expect(page.getByLabel('Я представляю организацию')).toBeChecked();
    await page.getByLabel('E-mail').fill(email);
    await page.getByText('Согласен на обработку персональных данных').click();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.goto(linkIn(await waitForMail(email)));
    await page.getByRole('button', { name: 'Задать позже' }).click();
    await expect(page).toHaveURL(/\/organization\/$/);
    await ready(page);

    // The organization by ИНН: the register fills its name.
    await page.getByLabel('ИНН организации или ИП').fill('123');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Не удалось найти компанию: ИНН должен состоять из 10 цифр');
    await page.getByLabel('ИНН организации или ИП').fill('7707083893');
    await page.getByRole('button', { name: 'Найти по ИНН' }).click();
    await expect(page.getByText(/^По реестру: (ООО|АО|ПАО) «/)).toBeVisible();
    const name = await page.getByLabel('Название').inputValue();
    expect(name).toMatch(/^(ООО|АО|ПАО) «/);
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${name.replace(/[«»]/g, '.')}`) })).toBeVisible();
    await expect(page.getByText(/^Демо-доступ/)).toBeVisible();
    await expect(page.getByText(/ещё 7 дней/)).toBeVisible();

    // Twenty vehicles from a spreadsheet, with a preview first.
    await page.getByRole('button', { name: 'Загрузить из XLSX или CSV' }).click();
    await page.getByLabel('Файл с автомобилями').setInputFiles(await fleetFile(20));
    await expect(page.getByText('В файле 20 строк: 20 можно добавить.')).toBeVisible();
    await page.getByRole('button', { name: 'Добавить 20' }).click();
    await expect(page.getByText('Добавлено 20 автомобилей.')).toBeVisible();
    await expect(page.getByRole('cell').filter({ hasText: /^Добавлено$/ })).toHaveCount(20);
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(page.getByRole('heading', { name: 'Автомобили (20)' })).toBeVisible();

    // The fleet's fines, with asterisks in the demo: amounts shown, numbers hidden.
    const fines = page.getByRole('region', { name: 'Таблица штрафов' });
    await expect(fines).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Номера постановлений, госномера и места скрыты/)).toBeVisible();
    await expect(fines.getByRole('cell').filter({ hasText: /^\d{6}\*+\d{2}$/ }).first()).toBeVisible();
    await expect(fines.getByRole('cell').filter({ hasText: /^А1\*\*ВС 77$/ }).first()).toBeVisible();
    await expect(page.getByText(/\d+ штраф(а|ов)?, не оплачено \d+ на/)).toBeVisible();
    await page.getByRole('combobox', { name: /^Оплата/ }).selectOption('0'); // not the «Автооплата» panel's region
    await expect(fines.getByText('Оплачен', { exact: true })).toHaveCount(0);
    // Masked fines cannot be paid from here (paying would show what the demo hides).
    await expect(fines.getByRole('link', { name: /^Оплатить штраф/ })).toHaveCount(0);
    // The table scrolls inside its box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expect(page.getByRole('button', { name: /ИНН 7707083893 · 20\sавтомобилей/ })).toBeVisible();

    // The same fines as a spreadsheet, masked as in the cabinet: read back with exceljs.
    await page.getByRole('link', { name: 'Выгрузить в Excel или CSV' }).click();
    await expect(page).toHaveURL(/\/download-file\/$/);
    await expect(page.getByRole('heading', { name: 'Выгрузка штрафов автопарка' })).toBeVisible();
    await page.getByLabel('Организация').selectOption({ label: name });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^shtrafy-avtoparka-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByRole('status')).toHaveText(/^Файл shtrafy-avtoparka-.+\.xlsx скачан\.$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path()) ?? '');
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Постановление (УИН)');
    expect(sheet?.rowCount ?? 0).toBeGreaterThan(1);
    expect(String(sheet?.getRow(2).getCell(2).value)).toMatch(/^\d{6}\*+\d{2}$/);
    expect(sheet?.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    expect(typeof sheet?.getRow(2).getCell(9).value).toBe('number');
  });
}
