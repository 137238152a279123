import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { cp1251 } from '../../api/helpers/cp1251.ts';
import { hydrated, newAccount, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 26 §0 and §3 at 1440 px: the subscription is paid (the sandbox call, or the operator by the
// bank's statement), then the accountant ticks fines, downloads payment orders and sees the mark.

/** No serious or critical axe-core violation, and no sideways scroll at 1440 px. */
async function expectTidy(page: Page) {
  const bad = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(bad, page.url()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
}

const today = () => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test('the accountant pays the invoice (sandbox call), ticks two fines, downloads payment orders for the bank and sees «выгружен в платёжку»', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { session, organizationId, headers } = await newCompany(request, `orders-${Date.now()}@example.ru`);
  await request.post(`/105/api/organization/${organizationId}/vehicles`, { headers, form: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
  await storeSession(page, session);
  await page.goto('/organization/');
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Платёжки для банка' });
  // In demo: the same screen on masked data, no file.
  await expect(panel.getByRole('note')).toContainText('Платёжки выгружаются по оплаченной подписке');
  await expect(panel.getByRole('button', { name: /^Скачать платёжки/ })).toBeDisabled();

  // The invoice is paid by the sandbox call README names.
  const invoice = (await (await request.post(`/105/api/organization/${organizationId}/invoice`, { headers, form: { vehicles: '1', months: '12' } })).json()).response.invoice;
  const paid = await request.post(`/105/api/sandbox/invoice/${invoice.hash}/pay`);
  expect((await paid.json()).response.outcome).toBe('paid');
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Подписка активна')).toBeVisible();
  await expect(panel.getByRole('note')).toHaveCount(0);

  const account = panel.getByRole('form', { name: 'Счёт плательщика' });
  await account.getByLabel('Расчётный счёт').fill('40702810938000012345');
  await account.getByLabel('БИК банка').fill('044525225');
  await account.getByLabel('Банк', { exact: true }).fill('ПАО Сбербанк');
  await account.getByLabel('Корр. счёт банка').fill('3010181040000000022');
  await account.getByRole('button', { name: 'Сохранить счёт' }).click();
  await expect(account.getByRole('alert')).toHaveText('Корреспондентский счёт — 20 цифр');
  await account.getByLabel('Корр. счёт банка').fill('30101810400000000225');
  await account.getByRole('button', { name: 'Сохранить счёт' }).click();
  await expect(account.getByRole('alert')).toHaveCount(0);

  const table = panel.getByRole('region', { name: 'Неоплаченные штрафы для платёжек' });
  const boxes = table.getByRole('checkbox', { name: /^Штраф \d+ от / });
  await expect(boxes).toHaveCount(3);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const uins = await Promise.all([0, 1].map(async (i) => /^Штраф (\d+) от/.exec((await boxes.nth(i).getAttribute('aria-label')) ?? '')?.[1] ?? ''));
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: /^Скачать платёжки \(1С\) — 2 штрафа на / }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^platezhki-shtrafy-\d{4}-\d{2}-\d{2}\.txt$/);
  const bytes = new Uint8Array(readFileSync((await file.path()) ?? ''));
  const text = new TextDecoder('windows-1251').decode(bytes);
  expect(bytes).toEqual(cp1251(text));
  expect(text.startsWith('1CClientBankExchange\r\n')).toBe(true);
  expect(text.match(/\r\nСекцияДокумент=Платежное поручение\r\n/g)).toHaveLength(2);
  for (const uin of uins) expect(text).toContain(`\r\nКод=${uin}\r\n`);
  await expect(panel.getByRole('status')).toContainText(file.suggestedFilename());

  // The two exported fines carry the mark; the third does not.
  for (const uin of uins) await expect(table.getByRole('row', { name: new RegExp(uin) })).toContainText(`выгружен в платёжку ${today()}`);
  await expect(table.getByText(/выгружен в платёжку/)).toHaveCount(2);
  // The cabinet's main table of fleet fines shows the same mark, refreshed with the download.
  const main = page.getByRole('region', { name: 'Таблица штрафов', exact: true });
  for (const uin of uins) await expect(main.getByRole('row', { name: new RegExp(uin) })).toContainText(`выгружен в платёжку ${today()}`);
  await expect(main.getByText(/выгружен в платёжку/)).toHaveCount(2);
  await expectTidy(page);
});

test('the operator imports the bank’s statement on /admin/invoices/ and sees what matched and why the rest did not', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { headers, organizationId } = await newCompany(request, `statement-${Date.now()}@example.ru`);
  const invoice = (await (await request.post(`/105/api/organization/${organizationId}/invoice`, { headers, form: { vehicles: '2', months: '3' } })).json()).response.invoice;
  const amount = (invoice.totalKopecks / 100).toFixed(2);
  const account = invoice.seller.bank.account as string;
  const doc = (number: string, sum: string, purpose: string) => ['СекцияДокумент=Платежное поручение', `Номер=${number}`, 'Дата=16.03.2026', `Сумма=${sum}`, 'Плательщик1=ООО «Автопарк»', `ПолучательСчет=${account}`, `НазначениеПлатежа=${purpose}`, 'КонецДокумента'];
  const statement = cp1251(['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows', ...doc('17', amount, `Оплата по счёту № ${invoice.number}`), ...doc('18', '1.00', 'Оплата по счёту 2026-99999'), 'КонецФайла', ''].join('\r\n'));

  const admin = await newAccount(request, 'operator-invoices@example.ru');
  await storeSession(page, admin);
  await page.goto('/admin/invoices/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Счета организаций' })).toBeVisible();
  await page.getByLabel('Файл выписки').setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: Buffer.from(statement) });
  await page.getByRole('button', { name: 'Загрузить выписку' }).click();
  const report = page.getByRole('region', { name: 'Итог выписки' });
  await expect(report.getByRole('status')).toHaveText('Документов в выписке: 2, оплачено счетов: 1.');
  await expect(report.getByRole('row', { name: new RegExp(invoice.number) })).toContainText('Оплачен: Счёт оплачен, подписка до');
  await expect(report.getByRole('row', { name: /2026-99999/ })).toContainText('Счёт не найден: Счёта № 2026-99999 нет');
  await page.getByLabel('Номер счёта, ИНН или название').fill(invoice.number);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expectTidy(page);
  await expect(page.getByRole('table', { name: 'Неоплаченные — первыми' }).getByRole('row', { name: new RegExp(invoice.number) })).toContainText(`Оплачен ${today()} (по выписке)`);

  // Anyone else sees "not found".
  const other = await browser.newPage();
  const stranger = await newAccount(request, `not-operator-${Date.now()}@example.ru`);
  await storeSession(other, stranger);
  await other.goto('/admin/invoices/');
  await expect(other.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await other.close();
});
