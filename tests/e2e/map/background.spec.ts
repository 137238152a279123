import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cellsInView } from '../../../src/lib/map/background/cells.ts';
import type { LandAsset, RoadsAsset } from '../../../src/lib/map/background/types.ts';
import { viewPaths } from '../../../src/lib/map/background/viewPaths.ts';
import { boxAround } from '../../../src/lib/map/mercator.ts';
import { PLACE_MAP_HEIGHT, PLACE_MAP_WIDTH, placeMapZoom } from '../../../src/lib/map/placeView.ts';
import { storeSession } from '../platform/session.ts';
import { visitorWithFines } from './visitor.ts';

// Issue 24, item 14: without a tile server the map draws its own background (land, borders, roads and
// city names, under the clusters); with one it fetches none of it; no other page fetches it.

/** The background's code and data: what must stay off every other page and off a map with tiles. */
const isBackground = (url: string) => /\/_astro\/(backgroundLayer\.[^/]+\.js|placeBackground\.[^/]+\.js|land-\d[^/]*\.json|-?\d+_\d+\.[^/]+\.json|roads\.[^/]+\.json)$/.test(url);
/** What only the map page fetches (the fine page's small map takes just the cells around its point). */
const isMapOnly = (url: string) => /\/_astro\/(backgroundLayer\.[^/]+\.js|land-\d[^/]*\.json|roads\.[^/]+\.json)$/.test(url);

/**
 * Whether the background data holds roads in the fine page's small map around a place (the roads are a
 * scheme of a city's main ones: a place a few kilometres from its city's centre may have none in view).
 */
function roadsAround(lat: number, lon: number): boolean {
  const view = { lat, lon, zoom: placeMapZoom(false), width: PLACE_MAP_WIDTH, height: PLACE_MAP_HEIGHT };
  const data = join(import.meta.dirname, '../../../src/islands/map/data');
  const read = <T>(path: string): T[] => {
    try {
      return [JSON.parse(readFileSync(join(data, path), 'utf8')) as T];
    } catch {
      return [];
    }
  };
  const cells = cellsInView(boxAround(lat, lon, view.zoom, view.width, view.height));
  const paths = viewPaths(cells.flatMap((cell) => read<LandAsset>(`land-2/${cell}.json`)), cells.flatMap((cell) => read<RoadsAsset>(`roads-2/${cell}.json`)), view);
  return paths.streets !== '' || paths.highways !== '';
}

/** The shares of the background's canvas (the pane under everything) painted in the land's colour, in the highways' yellow, and not painted (the sea: the map's own colour shows). */
async function landShare(page: Page): Promise<{ land: number; highway: number; empty: number }> {
  return page.locator('.leaflet-mapBackground-pane canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: new Uint8ClampedArray() };
    let land = 0;
    let highway = 0;
    let empty = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === 245 && data[i + 1] === 242 && data[i + 2] === 234 && data[i + 3] === 255) land += 1;
      if (data[i] === 243 && data[i + 1] === 207 && data[i + 2] === 122 && data[i + 3] === 255) highway += 1;
      if (data[i + 3] === 0) empty += 1;
    }
    const all = data.length / 4 || 1;
    return { land: land / all, highway: highway / all, empty: empty / all };
  });
}

for (const [width, height] of [[390, 844], [1440, 900]] as const) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height }));

    test('without tiles the map draws land, highways, streets and city names under the clusters', async ({ page }) => {
      await page.goto('/webview/ordinances-map/');
      const canvas = page.locator('#map-canvas');
      await expect(canvas).toHaveClass(/map-canvas--drawn/, { timeout: 15_000 });
      // Moscow at city zoom: land everywhere, the highways drawn over it.
      await expect.poll(async () => (await landShare(page)).land, { timeout: 10_000 }).toBeGreaterThan(0.6);
      await expect.poll(async () => (await landShare(page)).highway, { timeout: 10_000 }).toBeGreaterThan(0.002);
      expect((await landShare(page)).empty).toBe(0);
      const moscow = page.locator('.map-city', { hasText: 'Москва' });
      await expect(moscow).toHaveCount(1);
      await expect(page.locator('.map-road-name').first()).toBeAttached();
      // Names and land lie under the cameras and clusters (Leaflet's markers pane).
      const z = (pane: string) => page.locator(`.leaflet-${pane}-pane`).evaluate((el) => Number(getComputedStyle(el).zIndex));
      expect(await z('mapBackground')).toBeLessThan(await z('overlay'));
      expect(await z('mapLabels')).toBeLessThan(await z('overlay'));
      expect(await z('mapLabels')).toBeLessThan(await z('marker'));
      await expect(page.locator('.map-cluster').first()).toBeVisible();
      await expect(page.locator('.leaflet-control-attribution')).toContainText('Карта: Natural Earth');

      // By the sea the land has a shore: St Petersburg at zoom 9 is part land, part water.
      await page.goto('/webview/ordinances-map/?lat=59.95&lon=30.0&zoom=9');
      await expect(canvas).toHaveClass(/map-canvas--drawn/, { timeout: 15_000 });
      await expect.poll(async () => (await landShare(page)).land, { timeout: 10_000 }).toBeGreaterThan(0.2);
      expect((await landShare(page)).empty).toBeGreaterThan(0.03);
      await expect(page.locator('.map-city', { hasText: 'Санкт-Петербург' })).toHaveCount(1);

      // Russia as a whole (zoom 4): the coarse band, highways' names come at 6, cities fit without overlapping.
      await page.goto('/webview/ordinances-map/?lat=60&lon=90&zoom=4');
      await expect.poll(async () => (await landShare(page)).land, { timeout: 10_000 }).toBeGreaterThan(0.3);
      const boxes = await page.locator('.map-city span').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect()).map((r) => ({ l: r.left, r: r.right, t: r.top, b: r.bottom })));
      expect(boxes.length).toBeGreaterThan(width > 1000 ? 10 : 4);
      for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.r <= b.l || b.r <= a.l || a.b <= b.t || b.b <= a.t).toBe(true);
    });
  });
}

test('with a tile server the map shows its tiles and fetches none of the background', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (request: Request) => requests.push(request.url()));
  // The test server has no tile server: the start's reply names one on this origin, which answers with a plain tile.
  await page.route('**/coordinates/init*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.response.tilesUrl = `${baseURL}/test-tiles/{z}/{x}/{y}.png`;
    await route.fulfill({ response, json: body });
  });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  await page.route('**/test-tiles/**', (route) => route.fulfill({ contentType: 'image/png', body: png }));
  await page.goto('/webview/ordinances-map/');
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Камеры на карте' })).toContainText(/В кадре/);
  await expect(page.locator('#map-note')).toBeHidden();
  await page.waitForTimeout(2_500);
  expect(requests.filter(isBackground)).toEqual([]);
  await expect(page.locator('.leaflet-mapBackground-pane')).toHaveCount(0);
  await expect(page.locator('#map-canvas')).not.toHaveClass(/map-canvas--drawn/);
});

test('the map fetches the background, and other pages never do', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request: Request) => requests.push(request.url()));
  for (const path of ['/', '/po-sts/', '/faq/', '/auth/', '/fines/', '/prepayment/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(requests.filter(isBackground)).toEqual([]);
  await page.goto('/webview/ordinances-map/');
  await expect(page.locator('#map-canvas')).toHaveClass(/map-canvas--drawn/, { timeout: 15_000 });
  expect(requests.filter(isBackground).length).toBeGreaterThan(1);
});

for (const [width, height] of [[390, 844], [1440, 900]] as const) {
  test(`at ${width} px the fine page's small map draws the same background around the place, from a few small files`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const requests: string[] = [];
    page.on('request', (r: Request) => requests.push(r.url()));
    const { user, fineIds } = await visitorWithFines(request);
    await storeSession(page, user);
    await page.goto(`/fines/${fineIds[0] ?? 0}/`);
    const place = page.getByRole('img', { name: /^Место нарушения на карте, камер рядом: \d+$/ });
    await expect(place).toBeVisible();
    // Land under the place (the sandbox's places are in cities), the roads the data has around it, the pin over them.
    await expect(place.locator('.place-map__land')).toHaveAttribute('d', /^M.+Z/, { timeout: 15_000 });
    const at = new URL((await page.getByRole('link', { name: 'Открыть на карте камер' }).getAttribute('href')) ?? '', 'https://site.test').searchParams;
    const roads = place.locator('.place-map__street, .place-map__highway');
    if (roadsAround(Number(at.get('lat')), Number(at.get('lon')))) await expect(roads.first()).toBeAttached();
    else await expect(roads).toHaveCount(0);
    const box = await place.boundingBox();
    const land = await place.locator('.place-map__land').boundingBox();
    expect(land?.width ?? 0).toBeGreaterThan((box?.width ?? 0) * 0.5);
    await expect(page.getByText('Схема местности: Natural Earth; дороги показаны условно.')).toBeVisible();
    // The names (a city's, a road's, where one fits) are whole inside the picture: measured in one
    // frame, so that the page settling meanwhile (the photos arriving above) cannot move one of the two.
    const outside = await place.evaluate((picture) => {
      const frame = picture.getBoundingClientRect();
      return [...picture.querySelectorAll('.place-map__name')]
        .filter((name) => {
          const r = name.getBoundingClientRect();
          return !(r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1);
        })
        .map((name) => name.textContent);
    });
    expect(outside).toEqual([]);
    expect(requests.filter(isMapOnly)).toEqual([]);
    const cells = requests.filter(isBackground).filter((u) => u.endsWith('.json'));
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.length).toBeLessThanOrEqual(8);
  });
}
