// Free text that reaches a log (an error's message, a path) may carry personal data: a database error
// repeats the value it refused, a path holds a plate. These patterns mask what must never be logged.

/** What is masked in free text, in order: tokens first (they may contain digits), then documents. */
const PATTERNS: readonly [RegExp, string][] = [
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[e-mail]'],
  [/\b[0-9a-f]{32,}\b/gi, '[token]'],
  [/\b[A-Za-z0-9_-]{40,}\b/g, '[token]'],
  [/\b[A-HJ-NPR-Z0-9]{17}\b/g, '[vin]'],
  [/\d[\d\s-]{8,}\d/g, '[number]'],
  [/[АВЕКМНОРСТУХABEKMHOPCTYX]\s?\d{3}\s?[АВЕКМНОРСТУХABEKMHOPCTYX]{2}\s?\d{0,3}/gi, '[plate]'],
  [/%[0-9A-F]{2}(%[0-9A-F]{2})+/gi, '[encoded]'],
];

/** The text with e-mails, tokens, document numbers, plates and long encoded runs masked. */
export function scrub(text: string): string {
  // NFKC first: a number typed in full-width digits (１８８１０…) is a number to the patterns below.
  let out = text.normalize('NFKC');
  for (const [pattern, mask] of PATTERNS) out = out.replace(pattern, mask);
  return out;
}
