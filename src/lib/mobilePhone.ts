import { normalizePhone } from './normalize.ts';

/** A Russian mobile number as stored: 11 digits, '79…' (the +7 country code, a 9xx operator code). */
export type MobilePhone = string;

/**
 * A Russian mobile number from what a person typed or pasted ('+7 (916) 123-45-67', '8 916 1234567',
 * '9161234567'); undefined when it is not one (landlines, other countries, too short).
 */
export function russianMobile(value: unknown): MobilePhone | undefined {
  let digits = normalizePhone(value);
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 10) digits = `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  return /^79\d{9}$/.test(digits) ? digits : undefined;
}

/** '79161234567' → '+7 916 123-45-67'. */
export function formatPhone(phone: MobilePhone): string {
  return `+7 ${phone.slice(1, 4)} ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9, 11)}`;
}

/** '79161234567' → '+7 916 ***-**-67': enough for its owner to recognise, nothing for a log. */
export function maskPhone(phone: MobilePhone): string {
  return `+7 ${phone.slice(1, 4)} ***-**-${phone.slice(9, 11)}`;
}

/** The message for a number that is not a Russian mobile one. */
export const NOT_A_MOBILE = 'Укажите российский мобильный номер: +7 и 10 цифр, начиная с 9';
