/** Latin capitals that look like the 12 Cyrillic letters used on Russian plates and document series. */
export const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  Y: 'У',
  X: 'Х',
};

/** The reverse of LATIN_TO_CYRILLIC: Cyrillic capitals typed where a Latin letter was meant (VIN, КПП). */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([latin, cyrillic]) => [cyrillic, latin]),
);

/** Any input as text: strings as they are, finite numbers and bigints in decimal, everything else ''. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return String(value);
  return '';
}

/** Whitespace (including NBSP) and every kind of dash or hyphen people type between groups of characters. */
const SEPARATORS = /[\s\u00A0\u2000-\u200B\u202F\u2060\uFEFF\-\u2010-\u2015\u2212]+/g;

/** The text without spaces and dashes; every other character stays so that validation can reject it. */
export function stripSeparators(text: string): string {
  return text.replace(SEPARATORS, '');
}

/** Replaces the characters found in `table`, keeping the others. */
export function mapChars(text: string, table: Readonly<Record<string, string>>): string {
  let out = '';
  for (const ch of text) out += table[ch] ?? ch;
  return out;
}

/** U+00A0 NO-BREAK SPACE: the space Russian typography keeps between words that must not part at a line end. */
export const NBSP = '\u00A0';

// Ordinary spaces (and tabs) only: a line break in the source is the author's, and an NBSP already there stays.
const NBSP_RULES: readonly [RegExp, string][] = [
  // '№ 152-ФЗ', '№№ 1–3'
  [/(№+)[ \t]+(?=\S)/g, `$1${NBSP}`],
  // '2026 г.', '1990–2000 гг.', '3 руб.'
  [/(\S)[ \t]+(?=(?:гг?|руб)\.)/g, `$1${NBSP}`],
  // '500 ₽'
  [/(\S)[ \t]+(?=₽)/g, `$1${NBSP}`],
];

/** Digit groups of an amount written with spaces: '1 500', '12 000 000' (not '2026 100', not '99 41 123456'). */
const AMOUNT = /(?<![\d.,])\d{1,3}(?:[ \t]\d{3})+(?![\d])/g;

/**
 * Russian typography's non-breaking spaces (issue 24 item 20): after «№», before «г.», «гг.», «руб.»
 * and «₽», and between the digit groups of an amount ('1 500 ₽' never breaks after «1»). The one place
 * these rules live: the money formatters and the content renderer both call it.
 */
export function withNbsp(text: string): string {
  let out = text.replace(AMOUNT, (amount) => amount.replace(/[ \t]/g, NBSP));
  for (const [pattern, replacement] of NBSP_RULES) out = out.replace(pattern, replacement);
  return out;
}
