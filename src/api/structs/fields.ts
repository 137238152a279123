import { coerce, define, integer, max, min, number, pattern, refine, size, string } from 'superstruct';
import type { Struct } from 'superstruct';
import { validators } from '../../lib/validators.ts';
import { normalizeName } from '../../lib/names.ts';
import {
  normalizeDriverLicense,
  normalizeInn,
  normalizePlateNumber,
  normalizePlateRegion,
  normalizeSts,
  normalizeUin,
  normalizeVin,
} from '../../lib/normalize.ts';

/** Names of the domain validators a field can be checked with (the value rules, not the minLength factory). */
export type ValidatorName = Exclude<keyof typeof validators, 'minLength' | 'required'>;

/** Trims strings and turns numbers into strings (form fields and query parameters arrive as strings). */
function toText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : value;
}

/** A string field normalised with `normalize` and checked with the domain validator `name` (its message is the error). */
export function validatedField(name: ValidatorName, normalize: (value: string) => string = (v) => v): Struct<string, null> {
  const checked = refine(string(), name, (value) => validators[name](value) ?? true);
  return coerce(checked, define<unknown>('text', () => true), (value) => {
    const text = toText(value);
    return typeof text === 'string' && text !== '' ? normalize(text) : text === '' ? undefined : text;
  });
}

/** A free-text field, trimmed, at most `maxLength` characters, no control characters; an empty string counts as absent. */
export function textField(maxLength: number): Struct<string, null> {
  const printable = pattern(size(string(), 1, maxLength), /^[^\u0000-\u001f\u007f]*$/);
  return coerce(printable, define<unknown>('text', () => true), (value) => {
    const text = toText(value);
    return text === '' ? undefined : text;
  });
}

/** СТС number, normalised (10 characters: 2 digits, 2 digits or Cyrillic letters, 6 digits; issue 28). */
export const StsNumber = validatedField('sts', normalizeSts);
/** Registration plate without the region, normalised to Cyrillic capitals. */
export const PlateNumber = validatedField('plateNumber', normalizePlateNumber);
/** Plate region code, 2–3 digits. */
export const PlateRegion = validatedField('plateRegion', normalizePlateRegion);
/** Driver licence number (2 digits, 2 letters or digits, 6 digits). */
export const DriverLicenseNumber = validatedField('driverLicense', normalizeDriverLicense);
/** ИНН, 10 or 12 digits with its checksum. */
export const InnNumber = validatedField('inn', normalizeInn);
/** УИН (ruling number), 20 or 25 digits with its check digit. */
export const UinNumber = validatedField('uin', normalizeUin);
/** VIN, 17 characters. */
export const VinNumber = validatedField('vin', normalizeVin);
/** A date typed as DD.MM.YYYY, after 1900 and before today. */
export const PastDate = validatedField('date');
/** A person's surname, name or patronymic, normalised to capitalised Cyrillic words (spec §3), up to 60 characters. */
export const PersonName: Struct<string, null> = coerce(
  pattern(size(string(), 1, 60), /^[А-ЯЁ]/),
  define<unknown>('text', () => true),
  (value) => {
    const text = toText(value);
    if (typeof text !== 'string' || text === '') return text === '' ? undefined : text;
    return normalizeName(text) || text;
  },
);
/** Largest id the database holds (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** A positive integer id; accepts the digits of a path segment or query parameter. */
export const Id = coerce(max(min(integer(), 1), MAX_ID), string(), (value) =>
  /^[1-9]\d{0,9}$/.test(value.trim()) ? Number(value.trim()) : value,
);

/**
 * A user id, wherever the API takes one (credentials, support tickets, tracking): its digits as text
 * (spec §7, forms and query strings) or a positive integer (what /newuser and /login answer, so a JSON
 * client may send it back as it got it). Either way it comes out as its digits.
 */
export const UserId: Struct<string, null> = coerce(
  refine(pattern(string(), /^[1-9]\d{0,9}$/), 'userId', (value) => Number(value) <= MAX_ID),
  number(),
  (value) => (Number.isInteger(value) && value >= 1 && value <= MAX_ID ? String(value) : value),
);

/**
 * Money in kopecks, an integer: the API's unit for money (server/README.md, "Money"). New fields carry
 * it in their name (`amountToPayKopecks`); the OpenAPI document says it for every money field.
 */
export const Kopecks = define<number>('kopecks', (value) => typeof value === 'number' && Number.isSafeInteger(value));
/** Money in roubles with kopecks as the fraction: the older fine replies' unit, kept for the clients that read it. */
export const Roubles = define<number>('roubles', (value) => typeof value === 'number' && Number.isFinite(value));
/** Kopecks of an amount in roubles (the kopeck twin of a rouble field). */
export const toKopecks = (roubles: number): number => Math.round(roubles * 100);

/** An unguessable token of 22 URL-safe characters (128 bit), e.g. a fine's shareHash. */
export const Token = pattern(string(), /^[A-Za-z0-9_-]{22}$/);

/** A list of ids given as "1,2,3" (or an array), 1 to 50 of them. */
export const IdList = coerce(size(refineIds(), 1, 50), string(), (value) =>
  value.split(',').map((part) => (/^\s*[1-9]\d{0,9}\s*$/.test(part) ? Number(part) : part)),
);

/** Keys a parsed object may not carry: they would shadow Object's own methods (a `toString` string breaks every message). */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON']);

/** A structured field that a form sends as its JSON text: parsed without the unsafe keys, anything unparsable left to fail the struct. */
export function jsonText<T, S>(struct: Struct<T, S>): Struct<T, S> {
  return coerce(struct, string(), (value) => {
    try {
      return JSON.parse(value, (key: string, item: unknown) => (UNSAFE_KEYS.has(key) ? undefined : item)) as unknown;
    } catch {
      return value;
    }
  });
}

/** Every element a positive integer. */
function refineIds(): Struct<number[], null> {
  return define<number[]>(
    'ids',
    (value) => Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID),
  );
}
