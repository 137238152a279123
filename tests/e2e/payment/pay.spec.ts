import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { hydrated, searchByPlateAndSts } from '../search/fixtures.ts';
import { carWithUnpaidFines, expectAccessible, payWithCard } from './helpers.ts';
import { waitForMails } from '../account/mailbox.ts';

/** Searches a car of its own, as a visitor does, and opens the page of its first unpaid fine. */
async function openUnpaidFine(page: Page, request: APIRequestContext): Promise<void> {
  const { car } = await carWithUnpaidFines(request, 1);
  await page.goto('/');
  await hydrated(page);
  await searchByPlateAndSts(page, car);
  await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
  await page.getByRole('listitem').filter({ hasText: 'Не оплачен' }).first().getByRole('link', { name: 'Подробнее' }).click();
  await hydrated(page);
}

/** Fills the checkout's payer fields and goes to the gateway: one card option, the service picks the gateway (issue 24). */
async function checkout(page: Page, email: string) {
  await hydrated(page);
  await expect(page.getByRole('heading', { name: /^Оплата штраф/ })).toBeVisible();
  await page.getByLabel('ФИО плательщика').fill('петров пётр петрович');
  await page.getByLabel('E-mail для квитанции').fill(email);
  await expect(page.getByText('Итого к оплате')).toBeVisible();
  await expect(page.getByText('Банковская карта', { exact: true })).toBeVisible();
  // One card option (the service picks the gateway, issue 24), and СБП beside it (issue 25).
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: /Банковская карта/ })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
  await expect(page).toHaveURL(/\/105\/sandbox-gateway\/moneta\/assistant\?/);
}

/** Downloads the receipt's PDF (built in the browser) and answers its text. */
async function receiptPdfText(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kvitanciya-[0-9a-f]{8}\.pdf$/);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await file.path()) ?? '')) }).promise;
  // A receipt of several fines runs over more than one page.
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) pages.push((await (await pdf.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  return pages.join(' ');
}

test.use({ viewport: { width: 390, height: 844 } });

test('two fines ticked in the list, paid by card: declined card → error page → try again → paid → receipt and its mail', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { car, uins } = await carWithUnpaidFines(request, 2);
  const email = `payer-${Date.now()}@example.ru`;
  await page.goto('/');
  await hydrated(page);
  await searchByPlateAndSts(page, car);
  await expect(page).toHaveURL(/\/fines\/\?sts=\d+$/);
  await hydrated(page);
  const ticks = page.getByRole('checkbox', { name: 'Выбрать', exact: true });
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page.getByRole('link', { name: /^Оплатить выбранные \(2\)/ }).click();
  await expect(page).toHaveURL(/\/prepayment\/\?fineIds=\d+,\d+$/);
  await checkout(page, email);

  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/prepayment\/error\/\?paymentId=[0-9a-f]{32}&reason=declined$/);
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText('Банк отклонил оплату');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Попробовать снова' }).click();
  await expect(page).toHaveURL(/\/prepayment\/\?fineIds=\d+,\d+$/);
  await checkout(page, email);

  await payWithCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Оплачено штрафов: 2' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Квитанция' }).click();
  await expect(page.getByRole('heading', { name: 'Квитанция об оплате' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Плательщик Петров Пётр Петрович' })).toBeVisible();
  await expectAccessible(page);
  const paidUins = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(paidUins.every((text) => uins.some((uin) => text.includes(uin)))).toBe(true);

  // The PDF is built in the browser and carries the rulings and the amount.
  const text = await receiptPdfText(page);
  for (const uin of paidUins.map((heading) => heading.replace('Постановление ', ''))) expect(text).toContain(uin);
  expect(text).toMatch(/Всего списано: [\d ]+(,\d{2})? ₽/);

  const [mail] = await waitForMails(email, /^Квитанция об оплате штрафа$/);
  expect(mail?.text).toContain('/fines/document/');
  expect(page.url()).toContain(mail?.text.match(/\/fines\/document\/[A-Za-z0-9_-]{22}\//)?.[0] ?? 'missing');
});

test('one fine with moneta\'s paying card: success → receipt → its PDF holds the УИН and the amount', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openUnpaidFine(page, request);
  const ruling = (await page.getByText(/^Постановление № \d{20,25}/).first().textContent()) ?? '';
  const uin = /№ (\d{20,25})/.exec(ruling)?.[1] ?? 'missing';
  await page.getByRole('link', { name: /^Оплатить \d/ }).click();
  await checkout(page, `card-${Date.now()}@example.ru`);
  await payWithCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Квитанция' }).click();
  await expect(page.getByRole('heading', { name: 'Квитанция об оплате' })).toBeVisible();
  const text = await receiptPdfText(page);
  expect(text).toContain(uin);
  expect(text).toMatch(/Всего списано: [\d ]+(,\d{2})? ₽/);
});

test('one fine from its page with the slow card: the wait page shows progress, then success', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openUnpaidFine(page, request);
  const finePage = page.url();
  await page.getByRole('link', { name: /^Оплатить \d/ }).click();
  await expect(page).toHaveURL(/\/prepayment\/\?fineIds=\d+$/);
  await checkout(page, `slow-${Date.now()}@example.ru`);
  await payWithCard(page, '4000 0000 0000 3220');
  await expect(page).toHaveURL(/\/prepayment\/wait\/\?paymentId=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Проверяем оплату' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Штраф оплачен' })).toBeVisible({ timeout: 20_000 });

  // The cashback form: the payer asks once.
  await page.getByRole('link', { name: 'Получить кешбэк' }).click();
  await expect(page).toHaveURL(/\/webview\/cashback\/form-[0-9a-f]{32}\/$/);
  await hydrated(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Укажите e-mail для связи')).toBeVisible();
  await page.getByLabel('E-mail для связи').fill('cashback@example.ru');
  await page.getByLabel('Комментарий (необязательно)').fill('Карта Мир');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByRole('heading', { name: 'Заявка на кешбэк принята' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Заявка на кешбэк принята' })).toBeVisible();

  // The fine's own page now says it is paid, and when.
  await page.goto(finePage);
  // Today in the browser's time zone, as the page writes dates.
  const today = await page.evaluate(() => new Date().toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }));
  await expect(page.getByText(`Оплачен ${today}`, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Штраф оплачен ${today.replaceAll('.', '\\.')}, \\d{2}:\\d{2} — платить ещё раз не нужно\\.$`))).toBeVisible();
  await expect(page.getByRole('link', { name: /^Оплатить/ })).toHaveCount(0);
});

for (const [name, path, platform] of [
  ['the app\'s webview', '/webview/payment/', 'web'],
  ['the browser extension\'s page', '/payment/chromeExtension/', 'chromeExtension'],
] as const) {
  test(`${name} takes the credentials from its address, strips them, and quotes the fines`, async ({ page, request }) => {
    const { ids, user } = await carWithUnpaidFines(request, 1);
    const query = new URLSearchParams({ fineIds: String(ids[0]), session: user.session, rand: user.rand, userId: String(user.userId), platform });
    await page.goto(`${path}?${query.toString()}`);
    await expect(page.getByRole('heading', { name: 'Оплата штрафа' })).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?fineIds=${ids[0]}`);
    await expect(page.getByText('Итого к оплате')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}'));
    expect(stored[platform]).toMatchObject({ session: user.session, userId: String(user.userId) });
  });
}

test('a tax by ИНН in the app: the webview lists it, the payment goes through, and it reads paid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const clientId = (await (await request.get('/105/api/client')).json()).response.clientId as string;
  const user = (await (await request.post('/105/api/newuser', { form: { clientId, channel: 'fine' } })).json()).response;
  const headers = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
  // Personal ИНН of its own (12 digits, check digits computed), so paying never touches the pinned
  // fixtures; the sandbox gives most people a tax or two — add another until one has an unpaid tax.
  const { withInnCheckDigits } = await import('../../../src/lib/inn.ts');
  let taxUin: string | undefined;
  for (let attempt = 0; attempt < 8 && taxUin === undefined; attempt += 1) {
    const inn = withInnCheckDigits(`77${String(Date.now() + attempt * 7_919).slice(-8)}`);
    expect((await request.post('/105/api/inn', { headers, form: { inn } })).ok()).toBe(true);
    await expect
      .poll(
        async () => {
          const list = (await (await request.get('/api/ordinances/get/inn_ordinances', { headers })).json()).response;
          taxUin = (list.items as { kind: string; number: string; paid: boolean }[]).find((item) => item.kind === 'tax' && !item.paid)?.number;
          return list.isWait === true ? 'checking' : 'checked';
        },
        { timeout: 15_000 },
      )
      .toBe('checked');
  }
  expect(taxUin).toMatch(/^182\d{17}$/);

  const query = new URLSearchParams({ session: user.session, rand: user.rand, userId: String(user.userId), platform: 'web' });
  await page.goto(`/webview/taxes/?${query.toString()}`);
  await expect(page.getByRole('heading', { name: 'Налоги', level: 1 })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByText(`УИН ${taxUin}`)).toBeVisible();
  await expectAccessible(page);
  // The УИН lookup: a wrong number is explained, the right one is found.
  await page.getByLabel('УИН из налогового уведомления').fill('123');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByRole('alert')).toHaveText('УИН — 20 или 25 цифр, как в налоговом уведомлении');
  await page.getByLabel('УИН из налогового уведомления').fill(taxUin ?? '');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText(/ за \d{4} год$/).last()).toBeVisible();

  await page.getByRole('link', { name: `Оплатить налог ${taxUin}` }).click();
  await expect(page).toHaveURL(new RegExp(`/webview/payment/\\?type=tax&uin=${taxUin}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Оплата налога' })).toBeVisible();
  await page.getByLabel('ФИО плательщика').fill('петров пётр петрович');
  await page.getByLabel('E-mail для квитанции').fill(`tax-${Date.now()}@example.ru`);
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Оплатить \d/ }).click();
  await payWithCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(/\/prepayment\/success\/\?paymentId=[0-9a-f]{32}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Налог оплачен' })).toBeVisible();
  await expect(page.getByText(`УИН ${taxUin}`)).toBeVisible();

  await page.goto('/webview/taxes/');
  await expect(page.getByText(`УИН ${taxUin}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Оплатить налог ${taxUin}` })).toHaveCount(0);
});
