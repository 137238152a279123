import { isValidDocumentDate } from './ruDate.ts';
import { isValidInn } from './inn.ts';
import { splitFio } from './names.ts';
import {
  normalizeDigits,
  normalizeDriverLicense,
  normalizeInn,
  normalizeKpp,
  normalizePhone,
  normalizeSts,
  normalizeUin,
  normalizeVin,
} from './normalize.ts';
import { isValidOgrn } from './ogrn.ts';
import { isValidPlateNumber, isValidPlateRegion } from './plate.ts';
import { isPlatform } from './platform.ts';
import { toText } from './text.ts';
import { isValidUin } from './uin.ts';
import { VALIDATION_MESSAGES as M, minLengthMessage } from './validationMessages.ts';

// Every validator takes the raw typed value (or anything else: it never throws), normalises it the
// way its field allows (spaces, dashes, case, Latin look-alikes) and returns the message when the
// value is invalid, undefined when it is valid. All of them except `required` treat an empty value as
// invalid: put `required` first for the «Поле обязательно для заполнения» message, or skip an optional empty field.

/** A field rule: the message when invalid, undefined when valid. */
export type Validator = (value: unknown) => string | undefined;

/** Longer input is rejected before any pattern runs (the longest valid value, an e-mail, is 254). */
const MAX_INPUT_LENGTH = 1_000;

/** A validator from a predicate over the value's text, guarded against huge input. */
function rule(message: string, isValid: (text: string) => boolean): Validator {
  return (value) => {
    const text = toText(value);
    return text.length <= MAX_INPUT_LENGTH && isValid(text) ? undefined : message;
  };
}

/** Spec §5 'Required, trimmed': text that is blank after trimming, null, undefined or an empty list is missing. */
const required: Validator = (value) => {
  if (value === null || value === undefined) return M.required;
  if (typeof value === 'string') return value.trim() === '' ? M.required : undefined;
  if (Array.isArray(value)) return value.length === 0 ? M.required : undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? M.required : undefined;
  return undefined;
};

/** Spec §5 minimum length over the trimmed text. */
function minLength(n: number): Validator {
  return (value) => (toText(value).trim().length >= n ? undefined : minLengthMessage(n));
}

/** The WHATWG e-mail pattern (what <input type=email> accepts), with Unicode letters in the domain (почта.рф) and at least one dot. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u;

/** The СТС number after normalisation: 2 digits, 2 digits or 2 Cyrillic capitals, 6 digits. */
const STS = /^\d{2}(?:\d{2}|[А-ЯЁ]{2})\d{6}$/;

/** Every field rule of the site and the API, by field name. */
export const validators = {
  required,
  minLength,
  /** Spec §5: a standard address, trimmed, at most 254 characters. */
  email: rule(M.email, (text) => {
    const email = text.trim();
    return email.length <= 254 && EMAIL.test(email);
  }),
  /**
   * СТС: 10 characters — 2 digits, then 2 digits or 2 Cyrillic letters, then 6 digits ('99 41 123456',
   * '77 УК 123456'); Latin look-alikes are read as the Cyrillic letters they imitate. Issue 28 (newer
   * than spec §5's '1–2 letters or digits') refuses 9 characters: no СТС has a one-character series.
   */
  sts: rule(M.sts, (text) => STS.test(normalizeSts(text))),
  /** The СТС id: 10 or 12 digits. */
  stsId: rule(M.stsId, (text) => /^(\d{10}|\d{12})$/.test(normalizeDigits(text))),
  /** Plate number without region (see plate.ts): 'А123ВС', 'a123bc', 'АВ1234'. */
  plateNumber: rule(M.plateNumber, isValidPlateNumber),
  /** Plate region: 2–3 digits, not all zeros. */
  plateRegion: rule(M.plateRegion, isValidPlateRegion),
  /** Driver licence: 2 digits, 2 letters or digits, 6 digits ('99 12 345678', '77 АВ 123456'). */
  driverLicense: rule(M.driverLicense, (text) => /^\d{2}[0-9A-ZА-ЯЁ]{2}\d{6}$/.test(normalizeDriverLicense(text))),
  /** ИНН: 10 or 12 digits with the ФНС check digits. */
  inn: rule(M.inn, (text) => isValidInn(normalizeInn(text))),
  /** КПП: 4 digits, 2 digits or Latin capitals, 3 digits. */
  kpp: rule(M.kpp, (text) => /^\d{4}[0-9A-Z]{2}\d{3}$/.test(normalizeKpp(text))),
  /** ОГРН (13 digits, mod 11) or ОГРНИП (15 digits, mod 13). */
  ogrn: (value: unknown) => {
    const ogrn = normalizeDigits(toText(value));
    if (ogrn.length <= MAX_INPUT_LENGTH && isValidOgrn(ogrn)) return undefined;
    return ogrn.length === 15 ? M.ogrnip : M.ogrn;
  },
  /** Bank account number: 20–25 digits (spec §5, §9). */
  account: rule(M.account, (text) => /^\d{20,25}$/.test(normalizeDigits(text))),
  /** Ruling number / УИН: 20 or 25 digits with the ГИС ГМП check digit. */
  uin: rule(M.uin, (text) => isValidUin(normalizeUin(text))),
  /** VIN: 17 Latin capitals and digits without I, O, Q. */
  vin: rule(M.vin, (text) => /^[A-HJ-NPR-Z0-9]{17}$/.test(normalizeVin(text))),
  /** Spec §5 date: 'DD.MM.YYYY', a real day after 01.01.1900 and not after today (local time). */
  date: rule(M.date, (text) => isValidDocumentDate(text.trim())),
  /** Phone: exactly 11 digits once formatting ('+', spaces, dashes, brackets) is removed. */
  phone: rule(M.phone, (text) => /^\d{11}$/.test(normalizePhone(text))),
  /** Full name: three words after name normalisation (surname, name, patronymic). */
  fio: rule(M.fio, (text) => splitFio(text) !== undefined),
  /** Platform name: exactly 'web' or 'chromeExtension'. */
  platform: (value: unknown) => (isPlatform(value) ? undefined : M.platform),
} satisfies Record<string, Validator | ((n: number) => Validator)>;

/** The first message of a list of validators, or undefined when the value passes them all. */
export function validate(value: unknown, rules: readonly Validator[]): string | undefined {
  for (const check of rules) {
    const message = check(value);
    if (message !== undefined) return message;
  }
  return undefined;
}
