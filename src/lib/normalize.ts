import { CYRILLIC_TO_LATIN, LATIN_TO_CYRILLIC, mapChars, stripSeparators, toText } from './text.ts';

// Every normaliser takes whatever was typed (or any other value: non-text becomes ''), never throws
// and is idempotent: normalize(normalize(x)) === normalize(x). They only remove separators and fix
// letter case and alphabet; characters that cannot belong to the field stay, so validators reject them.

/** Upper case, then Latin look-alikes (A B E K M H O P C T Y X) turned into the Cyrillic letters they imitate. */
function cyrillicSeries(value: unknown): string {
  return mapChars(stripSeparators(toText(value)).toUpperCase(), LATIN_TO_CYRILLIC);
}

/** Digits with spaces and dashes removed: '77 07 083-893' → '7707083893'. */
export function normalizeDigits(value: unknown): string {
  return stripSeparators(toText(value));
}

/** СТС number: '77 ук 123456' or '77UK123456' → '77УК123456'. */
export function normalizeSts(value: unknown): string {
  return cyrillicSeries(value);
}

/** Plate number without region: 'a 123 bc' → 'А123ВС' (Latin look-alikes become Cyrillic). */
export function normalizePlateNumber(value: unknown): string {
  return cyrillicSeries(value);
}

/** Plate region code: ' 77 ' → '77', '1-99' → '199'. */
export function normalizePlateRegion(value: unknown): string {
  return normalizeDigits(value);
}

/** Driver licence number: '99 ak 123456' → '99АК123456'. */
export function normalizeDriverLicense(value: unknown): string {
  return cyrillicSeries(value);
}

/** ИНН: '7707 083 893' → '7707083893'. */
export function normalizeInn(value: unknown): string {
  return normalizeDigits(value);
}

/** Ruling number / УИН: '18810177 181128202096' → '18810177181128202096'. */
export function normalizeUin(value: unknown): string {
  return normalizeDigits(value);
}

/** VIN: upper-case Latin; Cyrillic look-alikes typed in the Russian layout become Latin ('хта…' → 'XTA…'). */
export function normalizeVin(value: unknown): string {
  return mapChars(stripSeparators(toText(value)).toUpperCase(), CYRILLIC_TO_LATIN);
}

/** КПП: upper-case Latin letters in positions 5–6, separators removed. */
export function normalizeKpp(value: unknown): string {
  return normalizeVin(value);
}

/** Phone: formatting removed, '+7 (999) 123-45-67' → '79991234567'; no country-code guessing. */
export function normalizePhone(value: unknown): string {
  return stripSeparators(toText(value)).replace(/[()+.]/g, '');
}
