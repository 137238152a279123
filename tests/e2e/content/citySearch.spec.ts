import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

type Fixture = { subjects: { documents: { kind: string; sts?: string; plateNumber?: string; plateRegion?: string }[]; fines: unknown[] }[] };
const fixtures = JSON.parse(readFileSync(new URL('../../../server/providers/fines/fixtures.json', import.meta.url), 'utf8')) as Fixture;
const withFines = fixtures.subjects.find((s) => s.fines.length > 0 && s.documents.some((d) => d.kind === 'sts'));
const doc = withFines?.documents.find((d) => d.kind === 'sts');

test('a city page carries the fine search, and it finds a document’s fines', async ({ page }) => {
  expect(doc, 'a pinned СТС with fines in server/providers/fines/fixtures.json').toBeTruthy();
  await page.goto('/city/kazan/');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'landing');
  await expect(page.locator('h1')).toHaveText('Штрафы ГИБДД в Казани');
  await page.getByLabel('Госномер').fill(doc?.plateNumber ?? '');
  await page.getByLabel('Регион').fill(doc?.plateRegion ?? '');
  await page.getByLabel('Номер СТС').fill(doc?.sts ?? '');
  await page.getByRole('button', { name: 'Найти штрафы' }).click();
  await expect(page).toHaveURL(/\/fines\//);
  await expect(page.getByText(/\d+ штраф/).first()).toBeVisible({ timeout: 15_000 });
});
