import { expect, test } from '@playwright/test';

test.describe('content navigation', () => {
  test('news: pagination moves between pages and back', async ({ page }) => {
    await page.goto('/news/');
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'white');
    const firstTitles = await page.locator('.entry-cards__title').allInnerTexts();
    expect(firstTitles.length).toBe(12);
    const pager = page.getByRole('navigation', { name: 'Страницы' });
    await pager.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/news\/page\/2\/$/);
    await expect(page.locator('h1')).toHaveText('Новости: страница 2');
    const secondTitles = await page.locator('.entry-cards__title').allInnerTexts();
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    await pager.getByRole('link', { name: '← Назад' }).click();
    await expect(page).toHaveURL(/\/news\/$/);
  });

  test('news: a tag page lists only news with that tag', async ({ page }) => {
    await page.goto('/news/');
    const tag = page.getByRole('list', { name: 'Темы новостей' }).getByRole('link').first();
    const name = await tag.innerText();
    await tag.click();
    await expect(page.locator('h1')).toHaveText(`Новости: ${name}`);
    await page.locator('.entry-cards__title a').first().click();
    await expect(page.getByRole('list', { name: 'Теги' }).getByRole('link', { name })).toBeVisible();
  });

  test('good_to_know: category and tag pages, and the redirected tag names', async ({ page }) => {
    await page.goto('/good_to_know/');
    await page.getByRole('list', { name: 'Рубрики' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/good_to_know\/category\/[a-z-]+\/$/);
    await expect(page.locator('.entry-cards li').first()).toBeVisible();
    await page.goto('/good_to_know/tags/shtrafy-gibdd/');
    await expect(page).toHaveURL(/\/good_to_know\/tags\/shtrafy\/$/);
    await expect(page.locator('h1')).toContainText('Штрафы');
    await page.goto('/good_to_know/tags/strahovka-osago');
    await expect(page).toHaveURL(/\/good_to_know\/tags\/osago\/$/);
    await expect(page.locator('.entry-cards li').first()).toBeVisible();
  });

  test('FAQ: a tag page and a question page', async ({ page }) => {
    await page.goto('/faq/');
    await page.getByRole('list', { name: 'Темы вопросов' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/faq\/tags\/[a-z-]+\/$/);
    // Answers are collapsed under their questions (issue 24 item 21): open one, then its own page.
    await page.locator('.faq-item summary').first().click();
    await page.locator('.faq-item').first().getByRole('link', { name: 'Ответ отдельной страницей' }).click();
    await expect(page).toHaveURL(/\/faq\/[a-z0-9-]+\/$/);
    await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toBeVisible();
  });

  test('the reviews page shows the 12 store reviews', async ({ page }) => {
    await page.goto('/reviews/');
    await expect(page.getByTestId('reviews').locator('li')).toHaveCount(12);
    await expect(page.getByTestId('reviews').getByRole('img', { name: 'Оценка 5 из 5' })).toHaveCount(12);
  });

  test('the HTML sitemap links every section', async ({ page }) => {
    await page.goto('/sitemap/');
    for (const id of ['search', 'topics', 'news', 'articles', 'faq', 'cities', 'finance', 'insurance', 'documents']) {
      await expect(page.locator(`#${id} li`).first()).toBeVisible();
    }
  });
});
