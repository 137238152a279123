import { describe, expect, it } from 'vitest';
import { documentTitle, MAX_TITLE } from '../../../src/lib/documentTitle.ts';

describe('document title', () => {
  it.each([
    ['Новости', 'Новости — Штрафы Онлайн'],
    ['Штрафы Онлайн: проверка штрафов', 'Штрафы Онлайн: проверка штрафов'],
    ['Как оплатить штраф ГИБДД со скидкой 25 % и не пропустить срок', 'Как оплатить штраф ГИБДД со скидкой 25 % и не пропустить срок'],
  ])('%s → %s', (title, expected) => expect(documentTitle(title, 'Штрафы Онлайн')).toBe(expected));

  it('cuts a long title at a word, within the limit', () => {
    const long = 'Что делать, если штраф с камеры пришёл за машину, которую вы давно продали, и как это доказать';
    const result = documentTitle(long, 'Штрафы Онлайн');
    expect(result.length).toBeLessThanOrEqual(MAX_TITLE);
    expect(result.endsWith('…')).toBe(true);
    expect(long.startsWith(result.slice(0, -1))).toBe(true);
  });
});
