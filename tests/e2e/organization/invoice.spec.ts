import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { hydrated, storeSession } from '../platform/session.ts';
import { newCompany } from './company.ts';

// Issue 12: the owner issues an invoice from the cabinet; its page prints and downloads as a PDF, and
// only the owner can open it.

test('a company issues an invoice for its subscription: the invoice page shows it and its PDF holds the number and total', async ({ browser, page, request }) => {
  test.setTimeout(60_000);
  const { session } = await newCompany(request, `invoice-${Date.now()}@example.ru`);
  await storeSession(page, session);

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

  // Only the owner reads it: the same link in a browser without the session asks to sign in and shows nothing of the invoice.
  const signedOut = await browser.newPage();
  await signedOut.goto(page.url());
  await expect(signedOut.getByRole('alert')).toHaveText('Счёт видит только владелец кабинета организации: войдите, чтобы открыть его.');
  await expect(signedOut.getByText('7707083893')).toHaveCount(0);
  await signedOut.close();
});
