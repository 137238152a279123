import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { storeSession } from '../platform/session.ts';
import { visitorWithFines } from './visitor.ts';

// Issue 13: the map page draws the API's clusters and cameras without a tile server, a cluster click
// zooms in, the search flies to a street, and a signed-in user's fine opens its summary.

/** Console errors and page errors of a page, to assert there are none. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The zoom the page last loaded cameras for. */
const zoomOf = async (page: Page) => Number(await page.locator('#map-canvas').getAttribute('data-zoom'));

test('without a tile server the map shows clusters and cameras from the API; a cluster click zooms in; search flies to a street', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/webview/ordinances-map/');
  await expect(page.getByRole('status', { name: 'Камеры на карте' })).toContainText(/В кадре [\d\s ]+ камер/);
  await expect(page.getByText('Упрощённая карта: города, федеральные трассы и главные улицы показаны схематично.')).toBeVisible();
  // Moscow at city zoom: clusters with their counts, and city names for orientation.
  const clusters = page.locator('.map-cluster');
  await expect(clusters.first()).toBeVisible();
  await expect(page.locator('.map-city', { hasText: 'Москва' })).toHaveCount(1);
  const before = await zoomOf(page);
  await clusters.first().click();
  await expect.poll(() => zoomOf(page), { timeout: 15_000 }).toBeGreaterThan(before);

  // Search a street: the map flies there and single cameras appear; a camera's card tells its kind.
  await page.getByRole('searchbox', { name: 'Найти место на карте' }).fill('Москва Кутузовский проспект');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByRole('status', { name: 'Поиск' })).toContainText('Показываем: Кутузовский проспект');
  await expect.poll(() => zoomOf(page), { timeout: 15_000 }).toBe(15);
  await page.getByRole('button', { name: 'Приблизить' }).click();
  await expect.poll(() => zoomOf(page), { timeout: 15_000 }).toBe(16);
  await page.getByRole('button', { name: 'Приблизить' }).click();
  await expect.poll(() => zoomOf(page), { timeout: 15_000 }).toBe(17);
  const cameras = page.locator('path.map-camera');
  await expect(cameras.first()).toBeVisible();
  await cameras.first().click({ force: true });
  // The card fades in; checks (and axe's contrast rule) look at it once it is fully there.
  await expect(page.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
  await expect(page.locator('.leaflet-popup-content')).toContainText(/Контроль|Проезд|полоса|Средняя/);
  await expect(page.locator('.leaflet-popup-content')).toContainText('г. Москва, Кутузовский проспект');

  // An unknown place is said so.
  await page.getByRole('searchbox', { name: 'Найти место на карте' }).fill('Атлантида');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByRole('status', { name: 'Поиск' })).toHaveText('Ничего не нашлось по запросу «Атлантида». Попробуйте название города или улицы.');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the app opens the map with credentials in the address: they are stripped, the fines are pins, a pin opens the fine', async ({ page, request }) => {
  const errors = collectErrors(page);
  const { user, fineIds } = await visitorWithFines(request);
  const query = new URLSearchParams({ session: user.session, rand: user.rand, userId: String(user.userId), platform: 'web' });
  await page.goto(`/webview/ordinances-map/?${query.toString()}`);
  await expect.poll(() => new URL(page.url()).search).toBe('');
  const pins = page.locator('.map-fine');
  await expect(pins).toHaveCount(fineIds.length, { timeout: 15_000 });
  // The list of fines (for keyboards and screen readers) flies to a fine and opens its summary.
  await page.getByText(`Мои штрафы на карте: ${fineIds.length}`).click();
  await page.locator('#map-fines button').first().click();
  const link = page.getByRole('link', { name: 'Открыть штраф' });
  await expect(link).toBeVisible();
  expect(fineIds.map((id) => `/fines/${id}/`)).toContain(await link.getAttribute('href'));
  await page.getByRole('button', { name: 'Закрыть' }).click();
  await expect(link).toBeHidden();
  // A pin does the same.
  await pins.first().click();
  await expect(page.getByRole('link', { name: 'Открыть штраф' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the fine page links its place to the full map, which opens there with the fine open', async ({ page, request }) => {
  const errors = collectErrors(page);
  const { user, fineIds } = await visitorWithFines(request);
  await storeSession(page, user);
  const fineId = fineIds[0] ?? 0;
  await page.goto(`/fines/${fineId}/`);
  // The test build has no tile server: the small map draws our own background, never an empty grey box (issue 24, items 12 and 14).
  await expect(page.getByRole('link', { name: 'Открыть на карте камер' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Место нарушения на карте/ })).toBeVisible();
  await expect(page.getByText('Схема местности: Natural Earth; дороги показаны условно.')).toBeVisible();
  await page.getByRole('link', { name: 'Открыть на карте камер' }).click();
  await expect(page).toHaveURL(/\/webview\/ordinances-map\/\?lat=[\d.]+&lon=[\d.]+&zoom=16&fine=\d+$/);
  await expect(page.getByRole('link', { name: 'Открыть штраф' })).toHaveAttribute('href', `/fines/${fineId}/`);
  await expect.poll(() => zoomOf(page), { timeout: 15_000 }).toBe(16);
  expect(errors).toEqual([]);
});
