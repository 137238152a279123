import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { codeFromMailbox, formatted, freshMobile } from "./sms.ts";

/** Waits until the page's islands have hydrated. */
async function ready(page: Page) {
  await page.waitForFunction(
    () => document.querySelectorAll("astro-island[ssr]").length === 0,
  );
}

for (const viewport of [
  { name: "390 px", width: 390, height: 844 },
  { name: "1440 px", width: 1440, height: 900 },
]) {
  test.describe(`sign-in by phone, at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a new number: masked +7 input, the code from the sandbox SMS, the wait before another code, the profile", async ({
      page,
      context,
    }) => {
      test.setTimeout(60_000);
      const mobile = freshMobile();
      await page.goto("/auth/");
      await ready(page);
      await page.getByRole("tab", { name: "По номеру телефона" }).click();
      await expect(
        page.getByRole("heading", { name: "Вход по номеру телефона" }),
      ).toBeVisible();
      const number = page.getByLabel("Номер телефона");
      await number.pressSequentially(`8${mobile}`);
      // The mask drops the trunk 8 and writes the number as +7 (XXX) XXX-XX-XX.
      await expect(number).toHaveValue(
        `+7 (${mobile.slice(0, 3)}) ${mobile.slice(3, 6)}-${mobile.slice(6, 8)}-${mobile.slice(8, 10)}`,
      );
      await page.getByRole("button", { name: "Получить код" }).click();
      await expect(page.getByRole("status")).toContainText(
        `+7 ${mobile.slice(0, 3)} ***-**-${mobile.slice(8, 10)}`,
      );
      await expect(page.getByTestId("resend-wait")).toContainText(
        /Новый код можно запросить через (60|59|58|57|56|55) с/,
      );
      await expect(
        page.getByRole("button", { name: "Отправить код ещё раз" }),
      ).toHaveCount(0);

      const code = await codeFromMailbox(context, mobile);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await page.getByLabel("Код из SMS").fill(wrong);
      await page.getByRole("button", { name: "Войти" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "Неверный код. Осталось попыток: 4",
      );
      await page.getByLabel("Код из SMS").fill(code);
      await page.getByRole("button", { name: "Войти" }).click();
      await expect(page).toHaveURL(/\/profile\/$/);
      await ready(page);
      await page.getByRole("tab", { name: "Уведомления и настройки" }).click();
      await expect(page.getByText(formatted(mobile)).first()).toBeVisible();
      // No horizontal scroll on a phone.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= window.innerWidth,
        ),
      ).toBe(true);
    });
  });
}

test.describe('an organization signs in by phone, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the cabinet's sign-in settings show the owner's phone", async ({ page, context }) => {
    test.setTimeout(60_000);
    const mobile = freshMobile();
    await page.goto('/auth/?mode=phone&userType=3');
    await ready(page);
    await expect(page.getByText('мы его создадим для организации')).toBeVisible();
    await page.getByLabel('Номер телефона').pressSequentially(mobile);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из SMS').fill(await codeFromMailbox(context, mobile));
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/organization\/$/);
    const settings = page.getByRole('region', { name: 'Настройки входа' });
    await expect(settings.getByText(formatted(mobile))).toBeVisible();
  });
});
