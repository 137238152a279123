import type { MaskTokens } from 'maska';
import { normalizePhone } from './normalize.ts';
import { CYRILLIC_TO_LATIN, LATIN_TO_CYRILLIC, mapChars } from './text.ts';

/** The spec's mask tokens (§5): # digit, X letter or digit, S letter, A upper-case letter, a lower-case letter; letters are Latin or Cyrillic. */
export const maskTokens = {
  '#': { pattern: /[0-9]/ },
  X: { pattern: /[0-9A-Za-zА-Яа-яЁё]/ },
  S: { pattern: /[A-Za-zА-Яа-яЁё]/ },
  A: { pattern: /[A-ZА-ЯЁ]/, transform: (char: string) => char.toUpperCase() },
  a: { pattern: /[a-zа-яё]/, transform: (char: string) => char.toLowerCase() },
} satisfies MaskTokens;

/** Upper case, then a Latin look-alike turned into its Cyrillic letter. */
const toCyrillic = (char: string): string => mapChars(char.toUpperCase(), LATIN_TO_CYRILLIC);

/** Tokens of our document masks, on top of the spec's: P plate character, D document-series character, V VIN character. */
export const documentMaskTokens = {
  /** A digit or one of the 12 plate letters; Latin look-alikes and lower case are converted. */
  P: { pattern: /[0-9АВЕКМНОРСТУХ]/, transform: toCyrillic },
  /** A digit or letter of a СТС / licence series, upper-cased, Latin look-alikes turned Cyrillic. */
  D: { pattern: /[0-9A-ZА-ЯЁ]/, transform: toCyrillic },
  /** A VIN character: Latin capitals without I, O, Q, and digits; Cyrillic look-alikes turned Latin. */
  V: { pattern: /[A-HJ-NPR-Z0-9]/, transform: (char: string) => mapChars(char.toUpperCase(), CYRILLIC_TO_LATIN) },
} satisfies MaskTokens;

/** All tokens a document mask may use. */
const tokens: MaskTokens = { ...maskTokens, ...documentMaskTokens };

/** maska options for one field plus the placeholder to show; spread into `new MaskInput(el, field)` or `new Mask(field)`. */
export interface MaskField {
  readonly mask: string | string[];
  readonly tokens: MaskTokens;
  readonly placeholder: string;
  readonly preProcess?: (value: string) => string;
}

/**
 * For MaskInput's preProcess on the phone field: drops the trunk prefix people type or paste first
 * ('8 999…', '7 999…', '+7 999…' all become the number after +7) so that the mask's own '+7' is not
 * followed by a second one. Text already in the mask's shape ('+7 (…') is left alone.
 */
export function phonePreProcess(value: string): string {
  if (value.startsWith('+7 (')) return value;
  const digits = normalizePhone(value).replace(/\D/g, '');
  if ((digits.length === 1 || digits.length === 11) && /^[78]/.test(digits)) return digits.slice(1);
  return value;
}

/** One mask per document field, used by every form (spec §5 tokens plus documentMaskTokens). */
export const masks = {
  /** Plate number without region, type 1 'А123ВС' and the other ГОСТ shapes of up to 6 characters. */
  plate: { mask: 'PP##PP', tokens, placeholder: 'А000АА' },
  /** Region code, 2–3 digits. */
  region: { mask: '###', tokens, placeholder: '77' },
  /** СТС: '77 УК 123456'. */
  sts: { mask: '## DD ######', tokens, placeholder: '00 АА 000000' },
  /** Driver licence: '99 12 345678'. */
  driverLicense: { mask: '## DD ######', tokens, placeholder: '00 00 000000' },
  /** ИНН of an organisation (10 digits) or a person (12 digits). */
  inn: { mask: '############', tokens, placeholder: 'ИНН — 10 или 12 цифр' },
  /** Russian mobile or landline number, 11 digits with the +7 country code. */
  phone: { mask: '+7 (###) ###-##-##', tokens, placeholder: '+7 (___) ___-__-__', preProcess: phonePreProcess },
  /** Date as DD.MM.YYYY. */
  date: { mask: '##.##.####', tokens, placeholder: 'ДД.ММ.ГГГГ' },
  /** Ruling number / УИН: 20 or 25 digits. */
  uin: { mask: '#########################', tokens, placeholder: '20 или 25 цифр' },
  /** VIN: 17 characters. */
  vin: { mask: 'VVVVVVVVVVVVVVVVV', tokens, placeholder: 'XTA00000000000000' },
} satisfies Record<string, MaskField>;
