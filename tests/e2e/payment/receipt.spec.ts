import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

// Issue 24, item 5: a receipt people can show, at 390 and 1440 px — a document with its heading, the
// operation by the gateway's number in Moscow time, the operator's and the payee's requisites, the
// amounts and the payer; the PDF says the same; no id of ours on either.

/** A visitor with a sandbox car of its own (paying never touches the pinned fixtures) and one unpaid fine, paid through moneta's sandbox page. */
async function paidPayment(page: Page, request: APIRequestContext): Promise<{ paymentId: string; receiptHash: string; uin: string }> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const clientId = (await (await request.get('/105/api/client')).json()).response.clientId as string;
    const user = (await (await request.post('/105/api/newuser', { form: { clientId, channel: 'fine' } })).json()).response;
    const headers = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
    const car = { sts: `78${String(10 + attempt)}${String(100_000 + Math.floor(Math.random() * 899_999))}`, vehiclePlateNumber: `Е${String(100 + Math.floor(Math.random() * 899))}КХ`, vehiclePlateRegion: '98' };
    const added = await request.post('/105/api/sts', { headers, form: car });
    if (!added.ok()) continue;
    const stsId = (await added.json()).response.item.id as number;
    const fines = (await (await request.get(`/105/api/fineList/by/sts/${stsId}`, { headers })).json()).response.fines as { id: number; paid: boolean; uin: string }[];
    const fine = fines.find((f) => !f.paid);
    if (fine === undefined) continue;
    const created = await request.post('/105/api/multipayment', { headers, data: { fineIds: [fine.id], paymentSystem: 'moneta', email: `receipt-${Date.now()}@example.ru`, fio: 'петров пётр петрович' } });
    expect(created.ok()).toBe(true);
    const { paymentId, redirectUrl } = (await created.json()).response as { paymentId: string; redirectUrl: string };
    await page.goto(redirectUrl);
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
    await page.getByLabel('Срок действия').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Оплатить \d/ }).click();
    // The browser holds no session of this payer, so its wait page cannot follow: the API is asked with the payer's.
    await expect(page).toHaveURL(/\/prepayment\/(wait|success)\//);
    const receiptHash = async () => ((await (await request.get(`/105/api/payment/${paymentId}`, { headers })).json()).response as { receiptHash: string | null }).receiptHash;
    await expect.poll(receiptHash, { timeout: 15_000 }).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return { paymentId, receiptHash: (await receiptHash()) ?? '', uin: fine.uin };
  }
  throw new Error('no sandbox car with an unpaid fine');
}

/** The value cell of a label in the receipt's tables. */
const valueOf = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) }).first().getByRole('cell');

for (const viewport of [
  { name: '390 px', width: 390, height: 844 },
  { name: '1440 px', width: 1440, height: 900 },
]) {
  test(`the receipt is a document with the operation, the operator, the payee and the amounts; its PDF says the same (${viewport.name})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { paymentId, receiptHash, uin } = await paidPayment(page, request);
    await page.goto(`/fines/document/${receiptHash}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Квитанция об оплате штрафа' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveText('Образец: реквизиты оператора — тестовые значения из настроек.');

    // The operation: Moscow time, the gateway's number (not ours), the gateway, the payer.
    await expect(valueOf(page, 'Дата и время операции')).toHaveText(/^\d{1,2} [а-я]+ \d{4} г\., \d{2}:\d{2}\sМСК$/);
    await expect(valueOf(page, 'Номер операции')).toHaveText(/^\S+$/);
    await expect(valueOf(page, 'Платёжная система')).toHaveText('НКО «МОНЕТА» (ООО)');
    await expect(valueOf(page, 'Плательщик')).toHaveText('Петров Пётр Петрович');
    // The operator's requisites.
    await expect(page.getByRole('table', { name: 'Оператор сервиса' })).toContainText('ОГРН');
    await expect(valueOf(page, 'Оператор')).toContainText('Оператор-пример');
    // The payee's, as the fine carries them.
    await expect(page.getByRole('heading', { level: 2, name: `Постановление ${uin}` })).toBeVisible();
    await expect(valueOf(page, 'УИН')).toHaveText(uin);
    for (const [label, pattern] of [
      ['ИНН / КПП получателя', /^\d{10} \/ \d{9}$/],
      ['БИК', /^\d{9}$/],
      ['Счёт получателя', /^\d{20}$/],
      ['ОКТМО', /^\d{8,11}$/],
      ['КБК', /^\d{20}$/],
    ] as const) {
      await expect(valueOf(page, label)).toHaveText(pattern);
    }
    await expect(valueOf(page, 'Комиссия сервиса')).toHaveText(/^[\d\s]+(,\d{2})?\s₽$/);
    await expect(page.getByText(/^Всего списано: [\d\s]+(,\d{2})?\s₽$/)).toBeVisible();
    // No id of ours.
    await expect(page.locator('main')).not.toContainText(paymentId);
    await expect(page.locator('main')).not.toContainText(paymentId.slice(0, 8));
    const bad = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(bad).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The PDF: the same blocks.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать PDF' }).click();
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(readFileSync((await (await download).path()) ?? '')) }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ');
    for (const piece of ['Квитанция об оплате штрафа', 'Дата и время операции', 'МСК', 'Номер операции', 'Плательщик Петров Пётр Петрович', 'Оператор сервиса', `УИН ${uin}`, 'БИК', 'КБК', 'ОКТМО', 'Комиссия сервиса']) expect(text).toContain(piece);
    expect(text).toMatch(/Всего списано: [\d ]+(,\d{2})? ₽/);
    expect(text).not.toContain(paymentId);
  });
}
