import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { waitForMails } from '../account/mailbox.ts';
import { address, hydrated, newAccount, storeSession } from '../platform/session.ts';
import type { Session } from '../platform/session.ts';

// Issue 25 §1 and §4 at a phone's and a desktop's width: autopay is turned on with the sandbox test card, a new ruling
// appears on the car (the sandbox source's control), the autopay job pays it once its minute has passed
// (the e2e server: AUTOPAY_DELAY_MINUTES=1; the sandbox control runs the job now), and the fine's own
// page shows the receipt and the payment's path to ГИС ГМП moving to «Учтено в ГИС ГМП» (the sandbox
// source shows our payment after GISGMP_SANDBOX_DELAY_SECONDS=5).

const headers = (s: Session) => ({ 'X-Session': s.session, 'X-Rand': s.rand, 'X-User-Id': String(s.userId) });

/** The autopay state as the API answers it. */
async function charges(request: APIRequestContext, session: Session) {
  return (await (await request.get('/105/api/autopay', { headers: headers(session) })).json()).response.charges as { uin: string; fineId: number; status: string }[];
}

for (const width of [390, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('autopay pays a new fine by itself; its page shows the receipt and the path to ГИС ГМП', async ({ page, request }) => {
      test.setTimeout(180_000);
      const email = address('autopay-path');
      const session = await newAccount(request, email);
      const serial = String((Date.now() + width) % 1_000_000).padStart(6, '0');
      const vehicle = { sts: `78ПТ${serial}`, vehiclePlateNumber: `Т${serial.slice(0, 3)}ХР`, vehiclePlateRegion: '178' };
      expect((await request.post('/105/api/sts', { form: vehicle, headers: headers(session) })).status()).toBe(200);
      await page.waitForTimeout(2_100); // the sandbox checks a new document for 2 s
      await request.get('/api/ordinances/get/all', { headers: headers(session) });
      await request.post('/105/api/sandbox/recheck');

      await storeSession(page, session);
      await page.goto('/profile/autopay/');
      await hydrated(page);
      await page.getByRole('button', { name: 'Привязать карту' }).click();
      await expect(page.getByRole('heading', { name: 'Привязка карты' })).toBeVisible();
      await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
      await page.getByLabel('Срок действия').fill('12/29');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Привязать карту' }).click();
      await expect(page.getByRole('status')).toContainText('Карта привязана');
      await page.getByLabel('Штраф не больше, ₽').fill('5000');
      await page.getByLabel('В месяц не больше, ₽').fill('20000');
      await page.getByRole('button', { name: 'Включить автооплату' }).click();
      await expect(page.getByText(/Автооплата включена: штраф до 5\s000\s₽/)).toBeVisible();

      // A new ruling appears on the car (the sandbox source's control) and the re-check finds it.
      await request.post('/105/api/sandbox/fines', { form: { type: 'sts', ...vehicle, article: '12.9.2' } });
      await request.post('/105/api/sandbox/recheck');
      const [notice] = await waitForMails(email, /^Оплатим .+ — отменить$/, 1);
      const uin = /постановлению (\d{20,25})/.exec(notice?.text ?? '')?.[1] ?? '';
      expect(uin).not.toBe('');
      await page.reload();
      await hydrated(page);
      await expect(page.locator(`[data-uin="${uin}"]`).getByText('Запланирована оплата')).toBeVisible();

      // The charge's minute passes; the autopay job (run now by the sandbox control) pays it.
      await expect
        .poll(
          async () => {
            await request.post('/105/api/sandbox/autopay/run');
            return (await charges(request, session)).find((c) => c.uin === uin)?.status;
          },
          { timeout: 150_000, intervals: [5_000] },
        )
        .toBe('paid');

      await page.reload();
      await hydrated(page);
      const paid = page.locator(`[data-uin="${uin}"]`);
      await expect(paid.getByText('Оплачен автоматически')).toBeVisible();
      await expect(paid.getByRole('link', { name: 'Квитанция' })).toBeVisible();
      await paid.getByRole('link', { name: `Постановление ${uin}` }).click();
      await expect(page).toHaveURL(/\/fines\/\d+\/$/);
      await hydrated(page);
      await expect(page.getByText(/Штраф оплачен/).first()).toBeVisible();
      const path = page.getByRole('region', { name: 'Путь платежа' });
      await expect(path.locator('[data-step="paid"]')).toContainText(/Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      await expect(path.locator('[data-step="sent"]')).toContainText(/Передано в ГИС ГМП \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      await expect(path.locator('[data-step="accounted"]')).toContainText(/Учтено в ГИС ГМП \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/, { timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The receipt the mail carried opens from the autopay list too.
      await page.goto('/profile/autopay/');
      await hydrated(page);
      await page.locator(`[data-uin="${uin}"]`).getByRole('link', { name: 'Квитанция' }).click();
      await expect(page).toHaveURL(/\/fines\/document\/[^/]+\/$/);
      await expect(page.getByText(uin).first()).toBeVisible();
    });
  });
}
