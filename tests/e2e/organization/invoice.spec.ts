import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForMail } from '../account/mailbox.ts';
import { hydrated, newVisitor, storeSession } from '../platform/session.ts';

// Issue 12: the owner issues an invoice from the cabinet; its page prints and downloads as a PDF.

test('a company issues an invoice for its subscription: the invoice page shows it and its PDF holds the number and total', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `invoice-${Date.now()}@example.ru`;
  const visitor = await newVisitor(request);
  const headers = { 'X-Session': visitor.session, 'X-Rand': visitor.rand, 'X-User-Id': String(visitor.userId) };
  await request.post('/105/api/user/register', { headers, form: { email, consentVersion: '2026-03-01', isLegalEntity: '1' } });
  const token = /token=([A-Za-z0-9_-]{43})/.exec((await waitForMail(email)).text)?.[1] ?? '';
  const session = (await (await request.post('/105/api/login', { form: { _token: token } })).json()).response;
  const auth = { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) };
  expect((await request.post('/105/api/organization', { headers: auth, form: { inn: '7707083893' } })).ok()).toBe(true);
  await storeSession(page, { ...session, clientId: visitor.clientId });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/organization/');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Счёт на оплату подписки' });
  await form.getByLabel('Автомобилей').fill('0');
  await form.getByRole('button', { name: 'Выставить счёт' }).click();
  await expect(form.getByRole('alert')).toHaveText('Число автомобилей — от 1 до 10 000');
  await form.getByLabel('Автомобилей').fill('12');
  await form.getByLabel('Месяцев').fill('3');
  await form.getByRole('button', { name: 'Выставить счёт' }).click();

  await expect(page).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{22}\/$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Счёт на оплату № \d{4}-\d{5} от \d{1,2} [а-я]+ \d{4} г\.$/ });
  await expect(heading).toBeVisible();
  const number = /№ (\S+)/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByRole('note')).toContainText('Образец');
  await expect(page.getByText(/^Итого к оплате: 5\s400\s₽\. Без НДС$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Распечатать' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`schet-${number}.pdf`);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await file.path()) ?? '')) }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  expect(text).toContain(`Счёт на оплату № ${number}`);
  expect(text).toContain('Итого к оплате: 5 400 ₽');
  expect(text).toContain('7707083893');
});
