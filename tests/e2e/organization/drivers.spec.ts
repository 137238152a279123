import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 26 §1: an accountant of a real organization — its invoice paid through the sandbox call README
// names, so nothing is masked — imports the waybill register, sees who drove on each fine and filters
// by driver (1440 px).

/** Text as Windows-1251, as Russian Excel saves «CSV (разделители — запятые)». */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) return code;
    if (ch === 'Ё') return 0xa8;
    if (ch === 'ё') return 0xb8;
    return code - 0x410 + 0xc0;
  });
}

/** A register of monthly waybills (allowed for up to a month) over the last 26 months, two drivers by turns, and one row with a vehicle the fleet lacks. */
async function registerFile(): Promise<{ path: string; rows: number }> {
  const lines = ['Госномер;ВУ;ФИО водителя;Выезд;Возвращение'];
  const now = new Date();
  const day = (d: Date) => `01.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
  for (let back = 26; back >= -1; back--) {
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1));
    lines.push(back % 2 === 0 ? `А123ВС77;77 01 123456;Иванов Иван Иванович;${day(from)} 00:00;${day(to)} 00:00` : `А123ВС77;54 02 654321;Петров Пётр Петрович;${day(from)} 00:00;${day(to)} 00:00`);
  }
  lines.push('Х999ХХ77;77 01 123456;Иванов Иван Иванович;01.01.2026 08:00;01.01.2026 20:00');
  const path = join(tmpdir(), `putevye-${Date.now()}.csv`);
  await writeFile(path, cp1251(lines.join('\r\n')));
  return { path, rows: lines.length - 1 };
}

test('an accountant of a paid organization imports the waybill register, sees the driver on each fine and filters by driver (1440 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { session, organizationId, headers } = await newCompany(request, `drivers-${Date.now()}@example.ru`);
  const added = await request.post(`/105/api/organization/${organizationId}/vehicles`, { headers, form: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
  expect(added.ok()).toBe(true);
  // The subscription is paid as an accountant's bank transfer would pay it: the invoice, then the sandbox call.
  const invoice = (await (await request.post(`/105/api/organization/${organizationId}/invoice`, { headers, form: { vehicles: '1', months: '12' } })).json()).response.invoice;
  expect((await (await request.post(`/105/api/sandbox/invoice/${invoice.hash}/pay`)).json()).response.outcome).toBe('paid');
  await storeSession(page, session);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/organization/');
  await hydrated(page);
  await expect(page.getByText('Подписка активна')).toBeVisible();

  const drivers = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Кто был за рулём' }) });
  const fines = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Штрафы автопарка' }) });
  await expect(fines.getByRole('region', { name: 'Таблица штрафов' })).toBeVisible({ timeout: 30_000 });
  await expect(fines.locator('.fine-driver').first()).toContainText('Не найден');
  // A paid organization's fines are shown in full: the plate and the ruling's number, no asterisks.
  await expect(fines.getByText(/скрыты: организация в демо-режиме/)).toHaveCount(0);
  await expect(fines.getByRole('cell', { name: 'А123ВС 77' }).first()).toBeVisible();
  await expect(fines.getByRole('cell', { name: '18810177250612002172' })).toBeVisible();

  // The register, read first: every row with what is wrong with it.
  const register = await registerFile();
  await drivers.getByRole('button', { name: 'Загрузить реестр путевых листов' }).click();
  await drivers.getByLabel('Реестр путевых листов').setInputFiles(register.path);
  await expect(drivers.getByText(`В файле ${register.rows}\u00a0строк: ${register.rows - 1} можно добавить, в 1\u00a0строке ошибка — она не добавится.`)).toBeVisible();
  await expect(drivers.getByRole('cell', { name: 'Автомобиля Х999ХХ 77 нет в автопарке' })).toBeVisible();
  await expect(drivers.getByRole('cell', { name: 'Можно добавить, водитель будет добавлен' }).first()).toBeVisible();
  await drivers.getByRole('button', { name: /^Добавить \d+\sпутев/ }).click();
  await expect(drivers.getByText(new RegExp(`^Добавлено ${register.rows - 1}\\sпутевых листов\\.`))).toBeVisible();
  await drivers.getByRole('button', { name: 'Готово' }).click();
  await expect(drivers.getByRole('heading', { name: 'Водители (2)' })).toBeVisible();
  await expect(drivers.getByRole('region', { name: 'Путевые листы' }).getByRole('row')).toHaveCount(register.rows);

  // Every fine of the car now has the driver of its month (and the new drivers' licences bring their own fines).
  await expect(fines.getByText(/^Проверяем новые автомобили и водителей/)).toHaveCount(0, { timeout: 30_000 });
  await expect(fines.getByText('Не найден', { exact: true })).toHaveCount(0);
  const names = fines.locator('.fine-driver__name');
  const count = await names.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (const name of await names.allTextContents()) expect(name).toMatch(/^(Иванов Иван Иванович|Петров Пётр Петрович)$/);
  await expect(drivers.getByText(/^Штрафов без водителя/)).toHaveCount(0);

  // Filtered by a driver: only theirs; «Без водителя»: none left to resolve.
  const first = (await names.first().textContent()) ?? '';
  await fines.getByRole('combobox', { name: /^Водитель/ }).selectOption({ label: first });
  await expect(names.filter({ hasNotText: first })).toHaveCount(0);
  await expect(names.first()).toHaveText(first);
  await fines.getByRole('combobox', { name: /^Водитель/ }).selectOption({ label: 'Без водителя' });
  await expect(fines.getByText('Штрафов не найдено.')).toBeVisible();
  await fines.getByRole('combobox', { name: /^Водитель/ }).selectOption({ label: 'Все' });
  await expect(names).toHaveCount(count);

  // Who pays: the driver bears the first fine.
  const bearer = fines.getByLabel(/^Кто платит штраф от/).first();
  await bearer.selectOption({ label: 'Платит водитель' });
  await expect(bearer).toHaveValue('driver');
  await page.reload();
  await hydrated(page);
  await expect(fines.getByLabel(/^Кто платит штраф от/).first()).toHaveValue('driver');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});
