import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { cp1251 } from '../../api/helpers/cp1251.ts';
import { linkIn, waitForMail } from '../account/mailbox.ts';
import { hydrated } from '../platform/session.ts';

// Issue 24, "Done when": a company from the offer to its figures — /legal-entities/ → registration →
// an organization → Excel's CSV in Windows-1251 with «;» → the invoice → the analytics — at 390 and
// 1440 px, asserting items 15–19 on the way.

/** A fleet file as Russian Excel saves «CSV (разделители — запятые)»: Windows-1251, semicolons, CRLF. */
function excelCsv(): string {
  const rows = [
    'Гос. номер;Регион;СТС;Марка',
    // The sandbox's pinned cars: А123ВС 77 has three fines (4, 48 and 150 days ago), М555ММ 50 none.
    'А123ВС;77;99 41 123456;Лада Веста',
    'М555ММ;50;7734654321;ГАЗель «Некст»',
    'Х999ХХ;77;123;Ёлка-фургон',
  ];
  const path = join(tmpdir(), `avtopark-${Date.now()}-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, cp1251(`${rows.join('\r\n')}\r\n`));
  return path;
}

/** No serious or critical axe-core violation, and the page never scrolls sideways. */
async function expectTidy(page: Page, width: number) {
  // A toast sliding in is measured mid-fade otherwise.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const bad = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).slice(0, 3).join(', ')}`);
  expect(bad, page.url()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(width);
}

/** The box of an element lies inside the viewport horizontally (nothing cut off at the right). */
async function expectInsideWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width + 0.5, `${String(box?.x)} + ${String(box?.width)} within ${width}`).toBe(true);
}

/** The element's text lies on one line (a plate never wraps): its line boxes share one top. */
async function expectOneLine(locator: Locator) {
  const lines = await locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, 'lines of the text').toBe(1);
}

/** The text of a downloaded PDF, as pdf.js reads it. */
async function pdfText(path: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(path)) }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) parts.push((await (await pdf.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** 'YYYY-MM' of today in Moscow. */
const thisMonth = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' }).slice(0, 7);

for (const viewport of [
  { name: '390 px', width: 390, height: 844, phone: true },
  { name: '1440 px', width: 1440, height: 900, phone: false },
]) {
  test(`a company: the offer → registration → a Windows-1251 CSV → the invoice → the analytics (${viewport.name})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = `journey-${viewport.width}-${Date.now()}@example.ru`;

    // Item 19: the offer states the price per vehicle and starts the trial from its first screen.
    await page.goto('/legal-entities/');
    await expect(page.getByText(/^150\s₽ за автомобиль в месяц/)).toBeVisible();
    const trial = page.getByRole('link', { name: 'Попробовать бесплатно' });
    await expect(trial).toBeInViewport({ ratio: 1 });
    await expectTidy(page, viewport.width);
    await trial.click();
    await expect(page).toHaveURL(/\/auth\/\?mode=register&userType=3&back=%2Forganization%2F$/);
    await hydrated(page);
    await expect(page.getByLabel('Я представляю организацию')).toBeChecked();
    await page.getByLabel('E-mail').fill(email);
    await page.getByText('Согласен на обработку персональных данных').click();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.goto(linkIn(await waitForMail(email)));
    await page.getByRole('button', { name: 'Задать позже' }).click();
    await expect(page).toHaveURL(/\/organization\/$/);
    await hydrated(page);
    await page.getByLabel('ИНН организации или ИП').fill('7707083893');
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByRole('button', { name: /ИНН 7707083893 · 0\sавтомобилей · 0\sводителей/ })).toBeVisible();

    // Item 15: Excel's CSV (Windows-1251, «;»): the header is not a row, letters arrive intact, plurals agree.
    await page.getByRole('button', { name: 'Загрузить из XLSX или CSV' }).click();
    await page.getByLabel('Файл с автомобилями').setInputFiles(excelCsv());
    const panel = page.locator('.import-panel');
    await expect(panel.getByRole('status').filter({ hasText: /^В файле/ })).toHaveText(/^В файле 3\sстроки: 2 можно добавить, в 1\sстроке ошибка — она не добавится\.$/);
    const rows = panel.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Лада Веста');
    await expect(rows.nth(2)).toContainText('ГАЗель «Некст»');
    await expect(rows.nth(3)).toContainText('Ёлка-фургон');
    await expect(rows.nth(3)).toContainText('Некорректный номер СТС');
    await expect(panel.getByText('Гос. номер')).toHaveCount(0);
    await expect(panel.getByText('�')).toHaveCount(0);
    await page.getByRole('button', { name: /^Добавить 2\sавтомобиля$/ }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Добавлено/ })).toHaveText(/^Добавлено 2\sавтомобиля\. Строк с ошибками: 1\.$/);
    await expect(rows.nth(1)).toContainText('Добавлено');
    await expect(rows.nth(2)).toContainText('Добавлено');
    // Item 17: on a phone the rows are cards (label: value), the plate on one line.
    const plateCell = rows.nth(1).getByRole('cell').nth(1);
    await expect(plateCell).toHaveText('А123ВС 77');
    await expectOneLine(plateCell);
    const display = await rows.nth(1).evaluate((el) => getComputedStyle(el).display);
    expect(display).toBe(viewport.phone ? 'block' : 'table-row');
    await expectTidy(page, viewport.width);
    await page.getByRole('button', { name: 'Готово' }).click();
    await expect(page.getByRole('heading', { name: 'Автомобили (2)' })).toBeVisible();
    await expect(page.getByRole('button', { name: /ИНН 7707083893 · 2\sавтомобиля · 0\sводителей/ })).toBeVisible();

    // Item 17: the fleet's fines, the «К оплате» column on screen, plates unbroken.
    const fines = page.getByRole('region', { name: 'Таблица штрафов' });
    // The three fines of А123ВС 77 and the header row.
    await expect(fines.getByRole('row')).toHaveCount(4, { timeout: 30_000 });
    const amounts = fines.getByRole('cell').filter({ hasText: /\d,\d{2}\s₽/ });
    await expect(amounts).toHaveCount(3);
    for (const cell of await amounts.all()) await expectInsideWidth(cell, viewport.width);
    if (!viewport.phone) await expectInsideWidth(fines.getByRole('columnheader', { name: 'К оплате' }), viewport.width);
    for (const plate of await fines.getByRole('cell').filter({ hasText: /^А1\*\*ВС 77$/ }).all()) await expectOneLine(plate);
    await expectTidy(page, viewport.width);

    // Item 16: the invoice form starts at the fleet's size and shows its total as it is filled.
    const form = page.getByRole('form', { name: 'Счёт на оплату подписки' });
    await expect(form.getByLabel('Автомобилей')).toHaveValue('2');
    await expect(form.getByRole('status')).toHaveText('2 авто × 12 мес × 150 ₽ = 3 600 ₽');
    await form.getByLabel('Автомобилей').fill('3');
    await expect(form.getByRole('status')).toHaveText('3 авто × 12 мес × 150 ₽ = 5 400 ₽');
    await form.getByLabel('Месяцев').fill('40');
    await expect(form.getByRole('status')).toHaveText('Срок подписки — от 1 до 36 месяцев');
    await form.getByLabel('Месяцев').fill('12');
    await form.getByRole('button', { name: 'Выставить счёт' }).click();
    await expect(page).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{22}\/$/);
    await hydrated(page);
    await expect(page.getByText('Расчёт: 3 авто × 12 мес × 150 ₽ = 5 400 ₽')).toBeVisible();
    await expect(page.getByText(/^Итого к оплате: 5\s400\s₽\. Без НДС$/)).toBeVisible();
    await expectTidy(page, viewport.width);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать PDF' }).click();
    const invoiceText = await pdfText((await (await download).path()) ?? '');
    expect(invoiceText).toContain('Расчёт: 3 авто × 12 мес × 150 ₽ = 5 400 ₽');
    expect(invoiceText).toContain('Итого к оплате: 5 400 ₽');
    expect(invoiceText).toContain('Покупатель');
    expect(invoiceText).toContain('7707083893');

    // Item 18: the analytics — proportional bars, a continuous run of months with zeros, agreed plurals, a way back.
    await page.goto('/fine-analytics/');
    await hydrated(page);
    await expect(page.getByText(/^Всего: 3\sштрафа на\s/)).toBeVisible();
    await expect(page.getByText(/^Сэкономлено на скидках: 0,00\s₽ — со скидкой пока ничего не оплачено\.$/)).toBeVisible();
    const months = page.getByRole('region', { name: 'По месяцам' }).getByRole('listitem');
    const texts = await months.allTextContents();
    expect(texts.length).toBeGreaterThanOrEqual(5);
    expect(texts.filter((text) => /0\sштрафов$/.test(text)).length).toBeGreaterThanOrEqual(1);
    const monthName = new Date(`${thisMonth()}-15T12:00:00Z`).toLocaleDateString('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(' г.', '');
    expect(texts.at(-1)).toContain(monthName);
    const counts = (await months.locator('.chart__value').allTextContents()).map((text) => Number(/^(\d+)\sштраф/.exec(text)?.[1] ?? 'NaN'));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const widths = await months.locator('.chart__bar').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().width));
    const tracks = await months.locator('.chart__track').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
    expect(new Set(tracks.map(Math.round)).size).toBe(1);
    const largest = Math.max(...counts);
    widths.forEach((width, i) => expect(width).toBeCloseTo(((counts[i] ?? 0) / largest) * (tracks[0] ?? 0), 0));
    await expect(page.getByRole('region', { name: 'По автомобилям' }).getByRole('listitem')).toHaveText([/^А1\*\*ВС 77\s*3\sштрафа · [\d\s]+,\d{2}\s₽$/]);
    await expectTidy(page, viewport.width);
    await page.getByRole('link', { name: 'Кабинет организации' }).click();
    await expect(page).toHaveURL(/\/organization\/$/);
  });
}
