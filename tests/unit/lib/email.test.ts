import { describe, expect, it } from 'vitest';
import { maskEmail, normalizeEmail } from '../../../src/lib/email.ts';

describe('normalizeEmail', () => {
  it.each([
    ['ivan@mail.ru', 'ivan@mail.ru'],
    ['  Ivan.Petrov@Mail.RU \n', 'ivan.petrov@mail.ru'],
    ['ИВАН@ПОЧТА.РФ', 'иван@почта.рф'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(normalizeEmail(value)).toBe(expected);
  });
});

describe('maskEmail: never the whole local part', () => {
  it.each([
    ['ivan@mail.ru', 'iv***@mail.ru'],
    ['ab@mail.ru', 'a***@mail.ru'],
    ['a@mail.ru', 'a***@mail.ru'],
    ['ivan.petrov+tag@gmail.com', 'iv***@gmail.com'],
    ['odd@local@mail.ru', 'od***@mail.ru'],
    ['@mail.ru', '***'],
    ['no-at-sign', '***'],
    ['', '***'],
  ])('%j → %j', (value, expected) => {
    expect(maskEmail(value)).toBe(expected);
  });

  it('keeps the domain so a person can tell which mailbox to open', () => {
    expect(maskEmail('someone@yandex.ru').endsWith('@yandex.ru')).toBe(true);
    expect(maskEmail('someone@yandex.ru')).not.toContain('someone');
  });
});
