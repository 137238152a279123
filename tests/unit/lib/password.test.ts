import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../../src/lib/password.ts';

const SHORT = 'Пароль должен быть не короче 8 символов';
const LONG = 'Пароль должен быть не длиннее 128 символов';
const BLANK = 'Пароль не может состоять из одних пробелов';
const EMAIL = 'Пароль не должен совпадать с e-mail';

describe('password rule (issue 10: at least 8 characters, not the e-mail)', () => {
  it('has the limits the messages name', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
  });

  it.each<[string, string, string | null | undefined, string | undefined]>([
    ['empty', '', undefined, SHORT],
    ['7 characters', 'abcdefg', undefined, SHORT],
    ['8 characters', 'abcdefgh', undefined, undefined],
    ['8 Cyrillic characters', 'пароль12', undefined, undefined],
    ['128 characters', 'x'.repeat(128), undefined, undefined],
    ['129 characters', 'x'.repeat(129), undefined, LONG],
    ['8 spaces', ' '.repeat(8), undefined, BLANK],
    ['tabs and spaces', ' \t \t \t \t', undefined, BLANK],
    ['spaces around a word count toward the length', '  abc   ', undefined, undefined],
    ['the e-mail itself', 'ivan@mail.ru', 'ivan@mail.ru', EMAIL],
    ['the e-mail in other case', 'IVAN@Mail.RU', 'ivan@mail.ru', EMAIL],
    ['the e-mail with spaces around', ' ivan@mail.ru ', 'ivan@mail.ru', EMAIL],
    ['the e-mail given with spaces', 'ivan@mail.ru', '  Ivan@mail.ru ', EMAIL],
    ['a longer text with the e-mail in it', 'ivan@mail.ru1', 'ivan@mail.ru', undefined],
    ['no e-mail known (null)', 'ivan@mail.ru', null, undefined],
    ['no e-mail known (empty)', 'ivan@mail.ru', '', undefined],
  ])('%s', (_name, password, email, expected) => {
    expect(passwordProblem(password, email)).toBe(expected);
  });
});
