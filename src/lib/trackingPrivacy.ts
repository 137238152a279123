/**
 * Analytics never carry personal data (issue 14, 152-ФЗ): document numbers, plates, e-mails, names,
 * phones and tokens are dropped from event params and form data, on the page before sending and
 * again on the server before storing. Both sides run this same function. Issue 23: the text is
 * normalised first (NFKC, separators), and keys are filtered as well as values.
 */

import { PARAM_KEY } from './trackingNames.ts';

/** Spec §3/§9: the one channel the site reports under. */
export const TRACKING_CHANNEL = 'WebVersion';

/** Keys whose values are personal data or secrets whatever they hold. */
const PERSONAL_KEY = /(e-?mail|mail|sts|plate|number|nomer|grz|vin|uin|inn|licen[cs]e|driver|passport|snils|phone|tel|fio|name|surname|patronymic|address|card|pan|password|pass|token|session|rand|salt|birth)/i;

/** Plate letters: the Cyrillic ones a plate may carry and their Latin look-alikes. */
const PLATE_LETTER = '[АВЕКМНОРСТУХABEKMHOPCTYX]';

/**
 * Patterns of personal data. Each runs over every form of the text (see `matchForms`), so a plate
 * typed with spaces, an СТС with dashes or a УИН in full-width digits is found as well.
 */
const PERSONAL_VALUE: readonly RegExp[] = [
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u, // e-mail (почта.рф too)
  /[\p{L}\p{N}]@[\p{L}\p{N}]{2,}/u, // an e-mail whose dots were written as spaces or dropped
  /\d{2}\s?[0-9A-Za-zА-Яа-яЁё]{2}\s?\d{6}/, // СТС, driver licence (2 digits, 2 signs, 6 digits)
  new RegExp(`${PLATE_LETTER}\\s?\\d{3}\\s?${PLATE_LETTER}{2}`, 'iu'), // a plate
  /\b(?=[A-HJ-NPR-Z0-9]*\d)(?=[A-HJ-NPR-Z0-9]*[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/i, // VIN (letters and digits)
  /\d{10,}/, // ИНН, УИН, phone, card numbers
  /(\+7|8)[\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}/, // a phone written with separators
  /[А-ЯЁ][а-яё]+\s*[А-ЯЁ][а-яё]+\s*[А-ЯЁ][а-яё]+(вич|вна|ична|оглы|кызы)(?![а-яё])/u, // a full name with a patronymic
  /(^|[^а-яё])[а-яё]{2,}\s+[а-яё]{2,}\s+[а-яё]{2,}(вич|вна|ична|оглы|кызы)(?![а-яё])/iu, // the same in any case
  /[А-ЯЁ][а-яё]+\s+[А-ЯЁ]\.\s?[А-ЯЁ]\./u, // a surname with initials
];

/** Tokens, looked for in the text as written only (with its separators removed, words run together and would look like one). */
const TOKEN_VALUE: readonly RegExp[] = [
  /[0-9a-f]{32,}/i, // hex tokens
  /(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/, // URL-safe tokens (share links, mail links)
];

/** What separates the parts of a number or a name as people type them: spaces, dashes, dots, brackets, slashes, invisible characters. */
const SEPARATORS = /[\s\p{Pd}\p{Cf}_.,:;()[\]{}'"«»/\\|+*#№]+/gu;

/**
 * The forms of a text the patterns look at: NFKC (full-width digits and letters become plain ones,
 * ligatures split), every decimal digit of any script as an ASCII one, then the separators once as
 * single spaces and once removed ('А 123 ВС 77' → 'А123ВС77', '99-41-123456' → '9941123456').
 */
export function matchForms(text: string): string[] {
  const plain = text.normalize('NFKC').replace(/\p{Nd}/gu, (digit) => (digit >= '0' && digit <= '9' ? digit : '0'));
  return [plain, plain.replace(SEPARATORS, ' '), plain.replace(SEPARATORS, '')];
}

/** Deepest nesting kept; anything deeper is dropped (events are flat in practice). */
const MAX_DEPTH = 3;
/** Longest string value kept, and most keys per object. */
const MAX_TEXT = 200;
const MAX_KEYS = 30;

/** Whether a text looks like personal data, in any of its forms. */
export function looksPersonal(text: string): boolean {
  const forms = matchForms(text);
  return forms.some((form) => PERSONAL_VALUE.some((pattern) => pattern.test(form))) || TOKEN_VALUE.some((pattern) => pattern.test(forms[0] ?? ''));
}

/** Whether a key may be kept: an identifier as code writes it ('tab', 'found'), not named after personal data, not personal data itself. */
export function isSafeKey(key: string): boolean {
  return PARAM_KEY.test(key) && !PERSONAL_KEY.test(key) && !looksPersonal(key);
}

/** A copy of `value` with every personal key and value removed; numbers, booleans and short safe strings stay. */
export function stripPersonalData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && !looksPersonal(String(value)) ? value : undefined;
  if (typeof value === 'string') return looksPersonal(value) ? undefined : value.slice(0, MAX_TEXT);
  if (depth >= MAX_DEPTH || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    return value.slice(0, MAX_KEYS).map((item) => stripPersonalData(item, depth + 1)).filter((item) => item !== undefined);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, MAX_KEYS)) {
    if (!isSafeKey(key)) continue;
    const kept = stripPersonalData(item, depth + 1);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** Params as an object with personal data removed: a JSON text is parsed first; anything unreadable becomes `{}`. */
export function safeParams(params: unknown): Record<string, unknown> {
  let value = params;
  if (params === undefined || params === null) return {};
  if (typeof params === 'string') {
    try {
      value = params.trim() === '' ? {} : JSON.parse(params);
    } catch {
      return {};
    }
  }
  const kept = stripPersonalData(value);
  return typeof kept === 'object' && kept !== null && !Array.isArray(kept) ? (kept as Record<string, unknown>) : { value: kept ?? null };
}

/**
 * A page path or referer without its query and hash (they may hold credentials or numbers), personal
 * segments masked; another site's address keeps its origin.
 */
export function safePath(path: string): string {
  let origin = '';
  let pathname = path;
  try {
    const url = new URL(path, 'https://x.invalid');
    origin = /^https?:\/\//i.test(path) ? url.origin : '';
    pathname = url.pathname;
  } catch {
    pathname = path.split(/[?#]/)[0] ?? '';
  }
  return (origin + pathname)
    .split('/')
    .map((segment) => (looksPersonal(decodeSegment(segment)) ? '{id}' : segment))
    .join('/')
    .slice(0, MAX_TEXT);
}

/** A path segment decoded, or as it is when it is not valid percent-encoding. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
