import { withUinCheckDigit } from '../../../src/lib/uin.ts';
import type { Random } from './prng.ts';

/** 'YYMMDD' of an ISO date. */
function yymmdd(isoDate: string): string {
  return isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

/** A ЦАФАП camera ruling number: 188101, the region, the ruling date, a serial, the check digit (20 digits). */
export function cameraUin(random: Random, regionCode: string, rulingDate: string): string {
  return withUinCheckDigit(`188101${regionCode}${yymmdd(rulingDate)}${random.digits(5)}`);
}

/** A ДПС inspector ruling number: 18810, the region, 0, the ruling date, a serial, the check digit (20 digits). */
export function inspectorUin(random: Random, regionCode: string, rulingDate: string): string {
  return withUinCheckDigit(`18810${regionCode}0${yymmdd(rulingDate)}${random.digits(5)}`);
}

/** An МАДИ ruling number: 0355431010, the ruling date, a serial, the check digit (25 digits). */
export function madiUin(random: Random, rulingDate: string): string {
  return withUinCheckDigit(`0355431010${yymmdd(rulingDate)}${random.digits(8)}`);
}

/** The ruling date written inside a ruling number made by the functions above, if it reads as a date. */
export function rulingDateInUin(uin: string): string | undefined {
  const digits = uin.startsWith('0355431010') ? uin.slice(10, 16) : uin.slice(8, 14);
  const date = `20${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : undefined;
}
