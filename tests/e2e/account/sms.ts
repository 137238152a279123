/** Codes the SMS sandbox keeps: read the way a person trying the project would, on the local mailbox page /dev/mail/. */
import { expect } from "@playwright/test";
import type { BrowserContext } from "@playwright/test";

/** A fresh Russian mobile number per test and viewport ('9' and 9 random digits), so runs never share an account or a limit. */
export function freshMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

/** '9161234567' → '+7 916 123-45-67', as the mailbox names the SMS. */
export function formatted(mobile: string): string {
  return `+7 ${mobile.slice(0, 3)} ${mobile.slice(3, 6)}-${mobile.slice(6, 8)}-${mobile.slice(8, 10)}`;
}

/** Opens /dev/mail/ in a new tab, the newest SMS to the number, and reads its code. */
export async function codeFromMailbox(
  context: BrowserContext,
  mobile: string,
  nth = 1,
): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto("/dev/mail/");
    const links = page.getByRole("link", {
      name: `«SMS для ${formatted(mobile)}»`,
    });
    await expect(links).toHaveCount(nth);
    await links.first().click();
    await expect(
      page.getByRole("heading", { name: "Текст SMS" }),
    ).toBeVisible();
    const text = (await page.locator("pre").textContent()) ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code === undefined) throw new Error(`no code in «${text}»`);
    return code;
  } finally {
    await page.close();
  }
}
