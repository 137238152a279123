/** The three Russian forms of a word: for 1 (штраф), for 2–4 (штрафа), for 5–20 and 0 (штрафов). */
export type PluralForms = readonly [one: string, few: string, many: string];

/** The fine-count forms (spec §9). */
export const FINE_FORMS: PluralForms = ['штраф', 'штрафа', 'штрафов'];

/** The form of a word that goes with `n`: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 111 → many; fractions (1.5) → few. */
export function plural(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(n)) return many;
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return few;
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

/** The number with its word, a decimal comma for fractions: '1 штраф', '3 штрафа', '5 штрафов', '1,5 штрафа'. */
export function finesCountLabel(n: number): string {
  return `${String(n).replace('.', ',')} ${plural(n, FINE_FORMS)}`;
}
