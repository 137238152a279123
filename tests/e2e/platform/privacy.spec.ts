import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForMails } from '../account/mailbox.ts';
import { address, hydrated, newAccount, storeSession } from './session.ts';

test('a user downloads their data, then erases the account after the mailed confirmation', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = address('erase');
  const account = await newAccount(request, email);
  await storeSession(page, account);
  // «Мои данные» sit in the profile's «Уведомления и настройки» (issue 24, item 9).
  await page.goto('/profile/#settings');
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'Уведомления и настройки' })).toHaveAttribute('aria-selected', 'true');

  const panel = page.getByRole('region', { name: 'Мои данные' });
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Скачать мои данные' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('shtrafy-moi-dannye.json');
  const data = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as { account: { email: string }; consents: { version: string }[] };
  expect(data.account.email).toBe(email);
  expect(data.consents).toEqual([expect.objectContaining({ purpose: 'personalData', version: '2026-03-01' })]);

  await panel.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await expect(panel.getByRole('status')).toContainText('Письмо отправлено');
  const [mail] = await waitForMails(email, /^Удаление аккаунта/);
  const link = /https?:\/\/[^/\s]+(\/profile\/erase\/\?token=[A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
  await page.goto(link);
  await hydrated(page);
  await expect(page).toHaveURL(/\/profile\/erase\/$/); // the token left the address bar
  await page.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page.getByRole('heading', { name: 'Аккаунт удалён' })).toBeVisible();
  const after = await request.get('/105/api/user', { headers: { 'X-Session': account.session, 'X-Rand': account.rand, 'X-User-Id': String(account.userId) } });
  expect(after.status()).toBe(401);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('authData') ?? '{}').web?.session ?? '')).toBe('');
});
