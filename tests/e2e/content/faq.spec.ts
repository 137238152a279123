import { expect, test } from '@playwright/test';

// Issue 24 item 21: FAQ answers collapse under their questions (no JavaScript needed), and a search box
// filters the questions as one types.

const QUESTION = 'Что будет, если не оплатить штраф вовремя?';

test.describe('the FAQ', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${viewport.width} px answers open under their questions and the search box filters them`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/faq/');
      const items = page.locator('.faq-list details');
      const total = await items.count();
      expect(total).toBeGreaterThan(20);
      // Collapsed: questions only.
      const question = page.locator('summary', { hasText: QUESTION });
      await expect(question).toBeVisible();
      const answer = page.locator('details', { has: question }).locator('.faq-item__answer');
      await expect(answer).toBeHidden();
      await question.click();
      await expect(answer).toBeVisible();
      await expect(answer.getByRole('link', { name: 'Ответ отдельной страницей' })).toHaveAttribute('href', /^\/faq\/[a-z0-9-]+\/$/);

      const search = page.getByRole('searchbox', { name: 'Поиск по вопросам' });
      await search.fill('эвакуир');
      const shown = page.locator('.faq-list details:visible');
      await expect(shown.first()).toBeVisible();
      const found = await shown.count();
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(total);
      await expect(page.getByRole('status')).toHaveText(new RegExp(`^Наш(ёлся|лось) ${found} вопрос`));
      for (const item of await shown.all()) await expect(item).toContainText(/эвакуир/i);

      await search.fill('абракадабра');
      await expect(shown).toHaveCount(0);
      await expect(page.getByRole('status')).toHaveText('Ничего не нашлось');
      await expect(page.getByText('Такого вопроса пока нет.')).toBeVisible();

      await search.fill('');
      await expect(shown).toHaveCount(total);
    });
  }

  test('without JavaScript it is a plain list whose answers still open, and no search box that would do nothing', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq/');
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    const question = page.locator('summary', { hasText: QUESTION });
    await question.click();
    await expect(page.locator('details', { has: question }).locator('.faq-item__answer')).toBeVisible();
    await context.close();
  });
});
