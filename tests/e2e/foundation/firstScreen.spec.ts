import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

// Issue 24 items 6 and 8: on a phone the document tabs, the fields and «Найти штрафы» are on the first
// screen of `/` and of every search landing, the header takes at most 64 px, and the app banner is a
// thin strip that covers none of it; on a desktop «Найти штрафы» ends the fields' row on every tab.

const content = join(import.meta.dirname, '../../../content');
const json = (folder: string) =>
  readdirSync(join(content, folder))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ id: name.replace(/\.json$/, ''), data: JSON.parse(readFileSync(join(content, folder, name), 'utf8')) as Record<string, unknown> }));

/** Every page with the fine search in its hero: the landings, the topical pages that carry it, and city pages. */
const SEARCH_LANDINGS = [
  ...json('landings').map(({ id }) => (id === 'home' ? '/' : id === 'landing-grz' ? '/landing/grz/' : `/${id}/`)),
  ...json('topics')
    .filter(({ data }) => typeof data['searchTab'] === 'string')
    .map(({ id }) => `/${id}/`),
  '/city/moskva/',
  '/city/sankt-peterburg/',
];

const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];

/** The visible part of the screen a fixed bottom strip (the app banner) leaves free. */
async function freeBottom(page: Page, height: number): Promise<number> {
  const banner = page.locator('#app-banner');
  if (!(await banner.isVisible())) return height;
  return (await banner.boundingBox())?.y ?? height;
}

test('the search landings are found (the list this test walks is not empty)', () => {
  expect(SEARCH_LANDINGS).toContain('/');
  expect(SEARCH_LANDINGS).toContain('/po-sts/');
  expect(SEARCH_LANDINGS.length).toBeGreaterThan(15);
});

for (const viewport of [...PHONES, { width: 1440, height: 900 }]) {
  test(`at ${viewport.width}×${viewport.height} the tabs, the fields and «Найти штрафы» are on the first screen of every search landing`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    for (const path of SEARCH_LANDINGS) {
      await page.goto(path);
      // The banner shows after its script has run; wait for the page to settle before measuring.
      await page.waitForLoadState('load');
      const bottom = await freeBottom(page, viewport.height);
      const button = await page.getByRole('button', { name: 'Найти штрафы' }).boundingBox();
      expect(button, path).not.toBeNull();
      if (button === null) continue;
      expect(button.y, `${path}: the button's top`).toBeGreaterThanOrEqual(0);
      expect(button.y + button.height, `${path}: the button's bottom (free screen ends at ${bottom})`).toBeLessThanOrEqual(bottom);
      expect(button.x, path).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width, path).toBeLessThanOrEqual(viewport.width);
      for (const tab of await page.getByRole('tab').all()) {
        const box = await tab.boundingBox();
        expect(box !== null && box.y >= 0 && box.y + box.height <= bottom && box.x + box.width <= viewport.width, `${path}: tab «${await tab.textContent()}»`).toBe(true);
      }
      for (const input of await page.locator('.fine-search input').all()) {
        const box = await input.boundingBox();
        expect(box !== null && box.y + box.height <= bottom, `${path}: a field`).toBe(true);
      }
    }
  });
}

for (const viewport of PHONES) {
  test(`at ${viewport.width} px the header takes at most 64 px and nothing in it is cut off, signed out or in`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    const pages = ['/', '/faq/', '/fines/', '/organization/', '/prepayment/', '/push/alerts/', '/download-file/'];
    // The second round as a signed-in driver: «Профиль» is wider than «Войти».
    for (const [index, path] of [...pages, ...pages].entries()) {
      if (index === pages.length) await context.addCookies([{ name: 'session-logged', value: '1', domain: new URL(page.url()).hostname, path: '/' }]);
      await page.goto(path);
      // /organization/ sends a visitor who is not signed in on to /auth/: measure the page that stays.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-account-link]')).toHaveText(index < pages.length ? 'Войти' : 'Профиль');
      const header = page.locator('header.site-header');
      const box = await header.boundingBox();
      expect(box?.height ?? 999, path).toBeLessThanOrEqual(64);
      // Every visible thing in the bar ends inside the screen and shows its whole text.
      for (const part of [page.locator('.logo'), page.locator('.account-link'), page.getByRole('button', { name: 'Меню' })]) {
        const partBox = await part.boundingBox();
        expect(partBox !== null && partBox.x >= 0 && partBox.x + partBox.width <= viewport.width, `${path}: ${await part.textContent()}`).toBe(true);
        expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${path}: text cut off`).toBe(true);
      }
    }
  });
}

test('at 360 px the app banner is a thin strip under the search button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  const banner = page.locator('#app-banner');
  await expect(banner).toBeVisible();
  const box = await banner.boundingBox();
  expect(box?.height ?? 999).toBeLessThanOrEqual(48);
  // Its one line is not cut off.
  expect(await banner.locator('.app-banner__text').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
});

test('at 1440 px «Найти штрафы» follows the fields on every tab: the same row, level with the inputs', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  /** The button stands after the last field of the row, level with the inputs and as tall. */
  const expectButtonEndsTheRow = async (name: string) => {
    const button = await page.getByRole('button', { name: 'Найти штрафы' }).boundingBox();
    const inputs = await Promise.all((await page.locator('.fine-search input').all()).map((input) => input.boundingBox()));
    expect(button, name).not.toBeNull();
    if (button === null) return;
    const rightmost = Math.max(...inputs.map((box) => (box === null ? 0 : box.x + box.width)));
    expect(button.x, `${name}: the button stands after the last field`).toBeGreaterThan(rightmost);
    for (const box of inputs) {
      expect(Math.abs((box?.y ?? 0) - button.y), `${name}: level with the inputs`).toBeLessThanOrEqual(2);
      expect(Math.abs((box?.height ?? 0) - button.height), `${name}: as tall as the inputs`).toBeLessThanOrEqual(2);
    }
  };
  for (const name of ['Госномер и СТС', 'СТС', 'Права', 'VIN', 'Постановление (УИН)']) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expectButtonEndsTheRow(name);
  }
  // An СТС this browser has not seen asks for the plate too: three fields, the button still ends the row.
  await page.getByRole('tab', { name: 'СТС', exact: true }).click();
  await page.getByLabel('Номер СТС').fill('99 41 123456');
  await page.getByRole('button', { name: 'Найти штрафы' }).click();
  await expect(page.getByLabel('Госномер')).toBeVisible();
  await expectButtonEndsTheRow('СТС и госномер');
});
