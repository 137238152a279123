/**
 * Analytics never carry personal data (issue 14, 152-ФЗ): document numbers, plates, e-mails, names,
 * phones and tokens are dropped from event params and form data, on the page before sending and
 * again on the server before storing. Both sides run this same function.
 */

/** Spec §3/§9: the one channel the site reports under. */
export const TRACKING_CHANNEL = 'WebVersion';

/** Keys whose values are personal data or secrets whatever they hold. */
const PERSONAL_KEY = /(e-?mail|mail|sts|plate|number|nomer|grz|vin|uin|inn|licen[cs]e|driver|passport|snils|phone|tel|fio|name|surname|patronymic|address|card|pan|password|pass|token|session|rand|salt|birth)/i;

/** Values that look like personal data wherever they appear. */
const PERSONAL_VALUE: readonly RegExp[] = [
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/, // e-mail
  /\d{2}\s?[0-9A-Za-zА-Яа-яЁё]{2}\s?\d{6}/, // СТС, driver licence (2 digits, 2 signs, 6 digits)
  /[АВЕКМНОРСТУХABEKMHOPCTYX]\s?\d{3}\s?[АВЕКМНОРСТУХABEKMHOPCTYX]{2}/i, // a plate
  /\b[A-HJ-NPR-Z0-9]{17}\b/i, // VIN
  /\d{10,}/, // ИНН, УИН, phone, card numbers
  /(\+7|8)[\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}/, // a phone written with separators
  /[0-9a-f]{32,}/i, // tokens
  /[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+\s+[А-ЯЁ][а-яё]+(вич|вна|ична|оглы|кызы)(?![а-яё])/, // a full name with a patronymic
];

/** Deepest nesting kept; anything deeper is dropped (events are flat in practice). */
const MAX_DEPTH = 3;
/** Longest string value kept, and most keys per object. */
const MAX_TEXT = 200;
const MAX_KEYS = 30;

/** Whether a string value looks like personal data. */
export function looksPersonal(text: string): boolean {
  return PERSONAL_VALUE.some((pattern) => pattern.test(text));
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
    if (PERSONAL_KEY.test(key) || key === '__proto__') continue;
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
